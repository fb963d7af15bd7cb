import { useEffect, useMemo, useState } from 'react';
import { GetHelpLinks, type HelpLinkRow } from '../../../../domain/platform/help';
import { useServices } from '../../../app/context';
import './help.css';

/** Addresses a `<video>` element plays itself; anything else (a video site, a page) opens in a new tab. */
export function isPlayableVideo(url: string): boolean {
  try {
    return /\.(mp4|webm|ogv|ogg|mov|m4v)$/i.test(new URL(url).pathname);
  } catch {
    return false;
  }
}

/** Every video grouped by screen name, sorted; `search` matches screen name or title (any case). */
export function groupVideos(videos: readonly HelpLinkRow[], search: string): Array<[string, HelpLinkRow[]]> {
  const s = search.trim().toLowerCase();
  const groups = new Map<string, HelpLinkRow[]>();
  for (const v of videos) {
    if (s && !v.RouteName.toLowerCase().includes(s) && !v.Title.toLowerCase().includes(s)) continue;
    const list = groups.get(v.RouteName) ?? [];
    list.push(v);
    groups.set(v.RouteName, list);
  }
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b));
}

/** /videobrowser: every help video, grouped by screen name and searchable; plays files in place. */
export function VideoBrowserPage() {
  const { api } = useServices();
  const [videos, setVideos] = useState<HelpLinkRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [playing, setPlaying] = useState<HelpLinkRow | null>(null);

  useEffect(() => {
    let live = true;
    api.get(GetHelpLinks, { Kind: 'video' }).then(
      (list) => live && setVideos(list),
      (e: unknown) => live && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, [api]);

  const groups = useMemo(() => groupVideos(videos ?? [], search), [videos, search]);

  return (
    <section className="page video-browser">
      <div className="card">
        <div className="row spread">
          <h1>Help videos</h1>
          <label className="row">
            Search
            <input
              type="search"
              placeholder="Screen name or title"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </label>
        </div>
        {playing ? (
          <div className="video-player">
            <div className="row spread">
              <h2>{playing.Title}</h2>
              <button type="button" onClick={() => setPlaying(null)}>
                Close
              </button>
            </div>
            {/* biome-ignore lint/a11y/useMediaCaption: help videos are recorded without caption tracks */}
            <video key={playing.HelpLinkID} src={playing.URL} controls autoPlay aria-label={playing.Title} />
          </div>
        ) : null}
      </div>
      <div className="card">
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : videos === null ? (
          <p className="muted">Loading…</p>
        ) : groups.length === 0 ? (
          <p className="muted">{search ? `No videos match "${search}".` : 'No help videos yet.'}</p>
        ) : (
          <div className="video-groups">
            {groups.map(([routeName, list]) => (
              <section key={routeName} className="video-group" aria-label={routeName}>
                <h2>{routeName}</h2>
                <ul>
                  {list.map((v) => (
                    <li key={v.HelpLinkID}>
                      <span>{v.Title}</span>
                      <span className="row">
                        {isPlayableVideo(v.URL) ? (
                          <button type="button" onClick={() => setPlaying(v)} aria-label={`Play ${v.Title}`}>
                            Play
                          </button>
                        ) : null}
                        <a
                          href={v.URL}
                          target="_blank"
                          rel="noopener noreferrer"
                          aria-label={`Open ${v.Title} in a new tab`}
                        >
                          Open
                        </a>
                      </span>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        )}
      </div>
    </section>
  );
}
