import { type FormEvent, Fragment, useCallback, useEffect, useState } from 'react';
import {
  type ClientErrorRow,
  clientErrorReaderFlags,
  GetClientErrors,
} from '../../../../domain/platform/client-errors';
import { formatDateTime } from '../../../../domain/platform/dates';
import { useServices, useUser } from '../../../app/context';
import { holdsAnyFlag } from '../help/access';
import '../help/help.css';

export const CLIENT_ERRORS_PAGE_SIZE = 50;

/** A short browser name out of a user agent, for the list (the full text shows when a row opens). */
export function browserName(userAgent: string): string {
  // Most specific first: Edge and Opera also say Chrome, Chrome also says Safari.
  const names: Array<[RegExp, string]> = [
    [/Edg\/(\d+)/, 'Edge'],
    [/OPR\/(\d+)/, 'Opera'],
    [/Firefox\/(\d+)/, 'Firefox'],
    [/Chrom(?:e|ium)\/(\d+)/, 'Chrome'],
    [/Version\/(\d+).*Safari\//, 'Safari'],
  ];
  for (const [re, name] of names) {
    const found = re.exec(userAgent);
    if (found) return `${name} ${found[1]}`;
  }
  return userAgent.slice(0, 40) || 'unknown';
}

/**
 * /clienterrors (General area): the runtime errors browsers reported, newest first, searchable, a page
 * at a time; a row opens to show the whole message, the stack, the page and the browser. For
 * informationTechnology or superAdministrator (the server refuses anyone else).
 */
export function ClientErrorsPage() {
  const { api } = useServices();
  const user = useUser();
  const allowed = holdsAnyFlag(user, clientErrorReaderFlags);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [skip, setSkip] = useState(0);
  const [page, setPage] = useState<{ Rows: ClientErrorRow[]; Total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());

  const load = useCallback(() => {
    if (!allowed) return () => undefined;
    let live = true;
    setLoading(true);
    setError(null);
    api
      .get(GetClientErrors, { Search: search || undefined, Skip: skip, Take: CLIENT_ERRORS_PAGE_SIZE })
      .then(
        (result) => live && setPage(result),
        (e: unknown) => live && setError(e instanceof Error ? e.message : String(e)),
      )
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [api, allowed, search, skip]);

  useEffect(() => load(), [load]);

  if (!allowed) {
    return (
      <section className="page">
        <div className="card">
          <h1>Reported errors</h1>
          <p>You do not have permission to see the reported errors.</p>
        </div>
      </section>
    );
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    setSkip(0);
    setSearch(typed.trim());
    setOpen(new Set());
  }

  const toggle = (id: number) =>
    setOpen((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const total = page?.Total ?? 0;
  const first = total ? skip + 1 : 0;
  const last = Math.min(skip + CLIENT_ERRORS_PAGE_SIZE, total);

  return (
    <section className="page client-errors">
      <div className="card">
        <div className="row spread">
          <h1>Reported errors</h1>
          <form className="row" onSubmit={submit} aria-label="Search reported errors">
            <input
              type="search"
              aria-label="Search reported errors"
              placeholder="Message, name, employee id, page…"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
            />
            <button type="submit">Search</button>
            <button type="button" onClick={() => load()} disabled={loading}>
              Refresh
            </button>
          </form>
        </div>
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        {page === null ? (
          <p className="muted">Loading…</p>
        ) : page.Rows.length === 0 ? (
          <p className="muted">
            {search ? `No reported errors match "${search}".` : 'No errors have been reported.'}
          </p>
        ) : (
          <table className="grid" aria-label="Reported errors">
            <thead>
              <tr>
                <th>When</th>
                <th>Who</th>
                <th>Plant</th>
                <th>Message</th>
                <th>Browser</th>
              </tr>
            </thead>
            <tbody>
              {page.Rows.map((r) => {
                const expanded = open.has(r.ClientErrorID);
                return (
                  <Fragment key={r.ClientErrorID}>
                    <tr className={expanded ? 'expanded' : undefined} data-client-error={r.ClientErrorID}>
                      <td>{formatDateTime(r.At, user?.PlantID ?? null)}</td>
                      <td>
                        {r.Name ?? 'Not logged in'}
                        {r.EmployeeID !== null ? <span className="muted"> ({r.EmployeeID})</span> : null}
                        {/* Sent without a session: the name and id are only what the browser claimed,
                            and anyone may claim anyone (issue 14 §3), so any claim is marked. */}
                        {!r.Verified && (r.Name !== null || r.EmployeeID !== null) ? (
                          <span
                            className="muted"
                            data-unverified
                            title="Sent without a session: this is who the browser said it was"
                          >
                            {' '}
                            unverified
                          </span>
                        ) : null}
                      </td>
                      <td>{r.PlantID ?? '—'}</td>
                      <td className="message">
                        <button
                          type="button"
                          className="link"
                          aria-expanded={expanded}
                          title={expanded ? 'Hide the details' : 'Show the stack and details'}
                          onClick={() => toggle(r.ClientErrorID)}
                        >
                          {r.Message.split('\n')[0]}
                        </button>
                      </td>
                      <td title={r.Browser}>{browserName(r.Browser)}</td>
                    </tr>
                    {expanded ? (
                      <tr className="expanded">
                        <td colSpan={5}>
                          <dl className="facts">
                            <dt>Page</dt>
                            <dd>{r.URL}</dd>
                            <dt>Browser</dt>
                            <dd>{r.Browser}</dd>
                          </dl>
                          <pre data-testid="client-error-message">{r.Message}</pre>
                          {r.Stack ? (
                            <pre data-testid="client-error-stack">{r.Stack}</pre>
                          ) : (
                            <p className="muted">No stack was sent.</p>
                          )}
                        </td>
                      </tr>
                    ) : null}
                  </Fragment>
                );
              })}
            </tbody>
          </table>
        )}
        <div className="pager">
          <span className="muted" data-testid="client-errors-range">
            {total ? `${first}–${last} of ${total}` : ''}
          </span>
          <button
            type="button"
            disabled={skip === 0 || loading}
            onClick={() => setSkip(Math.max(0, skip - CLIENT_ERRORS_PAGE_SIZE))}
          >
            Newer
          </button>
          <button
            type="button"
            disabled={last >= total || loading}
            onClick={() => setSkip(skip + CLIENT_ERRORS_PAGE_SIZE)}
          >
            Older
          </button>
        </div>
      </div>
    </section>
  );
}
