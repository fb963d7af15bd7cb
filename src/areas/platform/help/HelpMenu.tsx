import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useRouteHelp } from './hooks';
import type { HelpLinkItem } from './route-help';
import './help.css';

function LinkList({ title, links }: { title: string; links: HelpLinkItem[] }) {
  if (!links.length) return null;
  return (
    <section>
      <h3>{title}</h3>
      <ul>
        {links.map((l) => (
          <li key={l.HelpLinkID}>
            <a href={l.URL} target="_blank" rel="noopener noreferrer">
              {l.Title}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

export interface HelpMenuProps {
  /** Where "All help videos" goes; default /videobrowser. */
  browseHref?: string;
}

/**
 * The "?" button of the shell header: the current screen's help videos and procedure links (loaded by
 * `help.load` on each route change), each opening in a new tab.
 */
export function HelpMenu({ browseHref = '/videobrowser' }: HelpMenuProps) {
  const help = useRouteHelp();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const count = help.videos.length + help.sops.length;

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    const onClick = (e: MouseEvent) => {
      if (box.current && !box.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onClick);
    };
  }, [open]);

  return (
    <div className="help-menu" ref={box}>
      <button
        type="button"
        className="help-menu-button"
        aria-label={count ? `Help for this screen (${count})` : 'Help for this screen'}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        ?{count ? <span className="help-menu-count">{count}</span> : null}
      </button>
      {open ? (
        <div className="help-menu-panel" id={panelId} role="dialog" aria-label="Help for this screen">
          {help.status === 'loading' && !count ? <p className="muted">Loading help…</p> : null}
          {help.status === 'failed' ? (
            <p className="muted">The help for this screen could not be loaded.</p>
          ) : null}
          {help.status === 'ready' && !count ? (
            <p className="muted">No videos or procedures for this screen yet.</p>
          ) : null}
          <LinkList title="Videos" links={help.videos} />
          <LinkList title="Procedures (SOP)" links={help.sops} />
          <p className="help-menu-footer">
            <Link to={browseHref} onClick={() => setOpen(false)}>
              All help videos
            </Link>
          </p>
        </div>
      ) : null}
    </div>
  );
}
