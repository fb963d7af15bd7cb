import { type FormEvent, useCallback, useEffect, useId, useMemo, useState } from 'react';
import {
  DeleteHelpLink,
  GetHelpLinks,
  type HelpKind,
  type HelpLinkRow,
  helpEditorFlags,
  SaveHelpLink,
} from '../../../../domain/platform/help';
import { useServices, useUser } from '../../../app/context';
import { holdsAnyFlag } from './access';
import './help.css';

interface Draft {
  HelpLinkID: number | null;
  RouteName: string;
  Title: string;
  URL: string;
}

const EMPTY: Draft = { HelpLinkID: null, RouteName: '', Title: '', URL: '' };

const words: Record<HelpKind, { heading: string; one: string; many: string; urlHint: string }> = {
  video: {
    heading: 'Help videos',
    one: 'video',
    many: 'videos',
    urlHint: 'https://videos.example.com/intro.mp4',
  },
  sop: {
    heading: 'Standard operating procedures',
    one: 'procedure',
    many: 'procedures',
    urlHint: 'https://docs.example.com/SOP-001.pdf',
  },
};

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Lists, adds, changes and deletes the help links of one kind, per screen name. A failed save keeps
 * what was typed and says why. Changing needs documentAdministrator or superAdministrator (the server
 * checks it too); everyone else sees the list only.
 */
export function HelpLinkEditor({ kind }: { kind: HelpKind }) {
  const { api } = useServices();
  const user = useUser();
  const canEdit = holdsAnyFlag(user, helpEditorFlags);
  const w = words[kind];
  const formId = useId();

  const [links, setLinks] = useState<HelpLinkRow[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [filter, setFilter] = useState('');
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<number | null>(null);

  const reload = useCallback(() => {
    setLoadError(null);
    return api.get(GetHelpLinks, { Kind: kind }).then(
      (list) => setLinks(list),
      (error: unknown) => setLoadError(message(error)),
    );
  }, [api, kind]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const routeNames = useMemo(
    () => [...new Set((links ?? []).map((l) => l.RouteName))].sort((a, b) => a.localeCompare(b)),
    [links],
  );
  const shown = useMemo(() => {
    const f = filter.trim().toLowerCase();
    return (links ?? []).filter(
      (l) => !f || l.RouteName.toLowerCase().includes(f) || l.Title.toLowerCase().includes(f),
    );
  }, [links, filter]);

  const edit = (field: keyof Omit<Draft, 'HelpLinkID'>) => (e: { target: { value: string } }) => {
    setDraft((d) => ({ ...d, [field]: e.target.value }));
    setNotice(null);
  };

  async function save(e: FormEvent) {
    e.preventDefault();
    setSaving(true);
    setFormError(null);
    setNotice(null);
    try {
      const saved = await api.post(SaveHelpLink, {
        HelpLinkID: draft.HelpLinkID,
        Kind: kind,
        RouteName: draft.RouteName,
        Title: draft.Title,
        URL: draft.URL,
      });
      setLinks((list) => {
        const rest = (list ?? []).filter((l) => l.HelpLinkID !== saved.HelpLinkID);
        // A link changed into the other kind leaves this list.
        const next = saved.Kind === kind ? [...rest, saved] : rest;
        return next.sort((a, b) => a.RouteName.localeCompare(b.RouteName) || a.HelpLinkID - b.HelpLinkID);
      });
      setNotice(
        draft.HelpLinkID === null
          ? `Added "${saved.Title}" to ${saved.RouteName}.`
          : `Saved "${saved.Title}".`,
      );
      // Keep the screen name: adding several links to one screen is the usual case.
      setDraft({ ...EMPTY, RouteName: saved.RouteName });
    } catch (error) {
      // Keep everything that was typed; say why.
      setFormError(message(error));
    } finally {
      setSaving(false);
    }
  }

  async function remove(link: HelpLinkRow) {
    setConfirmDelete(null);
    setFormError(null);
    try {
      await api.post(DeleteHelpLink, { HelpLinkID: link.HelpLinkID });
      setLinks((list) => (list ?? []).filter((l) => l.HelpLinkID !== link.HelpLinkID));
      if (draft.HelpLinkID === link.HelpLinkID) setDraft(EMPTY);
      setNotice(`Deleted "${link.Title}".`);
    } catch (error) {
      setFormError(message(error));
      void reload();
    }
  }

  return (
    <section className="page help-editor">
      <div className="card">
        <div className="row spread">
          <h1>{w.heading}</h1>
          <label className="row">
            Filter
            <input
              type="search"
              placeholder="Screen name or title"
              value={filter}
              onChange={(e) => setFilter(e.target.value)}
            />
          </label>
        </div>
        {canEdit ? (
          <form onSubmit={save} aria-label={draft.HelpLinkID ? `Change ${w.one}` : `Add a ${w.one}`}>
            <label>
              Screen name
              <input
                name="RouteName"
                list={`${formId}-routes`}
                value={draft.RouteName}
                onChange={edit('RouteName')}
                placeholder="Production Plan"
              />
              <datalist id={`${formId}-routes`}>
                {routeNames.map((r) => (
                  <option key={r} value={r} />
                ))}
              </datalist>
            </label>
            <label>
              Title
              <input name="Title" value={draft.Title} onChange={edit('Title')} />
            </label>
            <label>
              Address (URL)
              <input
                name="URL"
                type="text"
                inputMode="url"
                value={draft.URL}
                onChange={edit('URL')}
                placeholder={w.urlHint}
              />
            </label>
            <div className="actions">
              <button type="submit" className="primary" disabled={saving}>
                {draft.HelpLinkID ? 'Save' : 'Add'}
              </button>
              {draft.HelpLinkID || draft.Title || draft.URL ? (
                <button
                  type="button"
                  onClick={() => {
                    setDraft(EMPTY);
                    setFormError(null);
                  }}
                >
                  Cancel
                </button>
              ) : null}
            </div>
          </form>
        ) : (
          <p className="muted">Only a document administrator can add or change {w.many}.</p>
        )}
        {formError ? (
          <p className="form-error" role="alert">
            {formError}
          </p>
        ) : null}
        {notice ? (
          <p className="help-saved" role="status">
            {notice}
          </p>
        ) : null}
      </div>
      <div className="card">
        {loadError ? (
          <p className="form-error" role="alert">
            {loadError}{' '}
            <button type="button" onClick={() => void reload()}>
              Try again
            </button>
          </p>
        ) : links === null ? (
          <p className="muted">Loading…</p>
        ) : shown.length === 0 ? (
          <p className="muted">{filter ? `No ${w.many} match "${filter}".` : `No ${w.many} yet.`}</p>
        ) : (
          <table className="grid" aria-label={w.heading}>
            <thead>
              <tr>
                <th>Screen name</th>
                <th>Title</th>
                <th>Address</th>
                {canEdit ? <th aria-label="Actions" /> : null}
              </tr>
            </thead>
            <tbody>
              {shown.map((l) => (
                <tr key={l.HelpLinkID} data-help-link={l.HelpLinkID}>
                  <td>{l.RouteName}</td>
                  <td>{l.Title}</td>
                  <td className="url">
                    <a href={l.URL} target="_blank" rel="noopener noreferrer">
                      {l.URL}
                    </a>
                  </td>
                  {canEdit ? (
                    <td className="actions">
                      {confirmDelete === l.HelpLinkID ? (
                        <>
                          <span>Delete?</span>
                          <button type="button" className="warning" onClick={() => void remove(l)}>
                            Yes, delete
                          </button>
                          <button type="button" onClick={() => setConfirmDelete(null)}>
                            No
                          </button>
                        </>
                      ) : (
                        <>
                          <button
                            type="button"
                            onClick={() => {
                              setDraft({
                                HelpLinkID: l.HelpLinkID,
                                RouteName: l.RouteName,
                                Title: l.Title,
                                URL: l.URL,
                              });
                              setFormError(null);
                              setNotice(null);
                            }}
                          >
                            Edit
                          </button>
                          <button type="button" onClick={() => setConfirmDelete(l.HelpLinkID)}>
                            Delete
                          </button>
                        </>
                      )}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </section>
  );
}

/** /videoeditor: the help videos of every screen. */
export function VideoEditorPage() {
  return <HelpLinkEditor kind="video" />;
}

/** /sopeditor: the standard operating procedure links of every screen. */
export function SopEditorPage() {
  return <HelpLinkEditor kind="sop" />;
}
