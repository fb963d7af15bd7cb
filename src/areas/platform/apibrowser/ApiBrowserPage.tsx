import { useEffect, useId, useMemo, useState } from 'react';
import { z } from 'zod';
import type { CallDef } from '../../../../domain/contract/call';
import { EXPIRED_401_TEXT, Headers } from '../../../../domain/contract/wire';
import { ApiError } from '../../../api';
import { useCore } from '../../../app/context';
import { useT } from '../../../i18n';
import {
  type ApiCall,
  callsOf,
  examplePayload,
  flagsOf,
  groupCalls,
  type OpenApiDoc,
  Resolver,
  type TreeRow,
  treeRows,
} from './reference';
import './apibrowser.css';

/**
 * /apibrowser (spec 000 §2.1): the API reference for administrators, read from GET /api/openapi.json
 * (generated from the call declarations, server/rpc/openapi.ts): calls grouped by area with a search,
 * each with method, path, summary, who may call it, and its payload and result as trees; "Try it"
 * sends a JSON payload through the app's own request layer (src/api), so the administrator's session,
 * headers and transport fields are the ones used, and shows the envelope and the decoded result.
 */
export function ApiBrowserPage() {
  const { session } = useCore();
  const t = useT();
  const [doc, setDoc] = useState<OpenApiDoc | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [selectedId, setSelectedId] = useState<string | null>(null);

  useEffect(() => {
    // Not an envelope call, so not through api.get: the same session headers, by hand.
    const user = session.getSnapshot().context.user;
    const headers: Record<string, string> = user
      ? { [Headers.authorization]: user.TokenID, [Headers.employeeId]: String(user.EmployeeID) }
      : {};
    let live = true;
    fetch('/api/openapi.json', { headers, credentials: 'include' })
      .then(async (res) => {
        if (!res.ok) {
          const body = (await res.json().catch(() => null)) as { Message?: string } | null;
          throw new Error(
            body?.Message || (res.status === 401 ? EXPIRED_401_TEXT : `${res.status} ${res.statusText}`),
          );
        }
        return (await res.json()) as OpenApiDoc;
      })
      .then(
        (d) => live && setDoc(d),
        (e: unknown) => live && setError(e instanceof Error ? e.message : String(e)),
      );
    return () => {
      live = false;
    };
  }, [session]);

  const calls = useMemo(() => (doc ? callsOf(doc) : []), [doc]);
  const groups = useMemo(() => groupCalls(calls, search), [calls, search]);
  const resolver = useMemo(() => (doc ? new Resolver(doc) : null), [doc]);
  const selected = calls.find((c) => c.id === selectedId) ?? null;

  return (
    <section className="page api-browser">
      <h1>{t('API Browser')}</h1>
      {error ? <p role="alert">{error}</p> : null}
      {doc ? (
        <p className="muted" data-testid="api-counts">
          {t(
            '{{calls}} calls in {{areas}} areas, generated from the call declarations (OpenAPI {{version}}).',
            {
              calls: calls.length,
              areas: new Set(calls.map((c) => c.area)).size,
              version: '3.1',
            },
          )}{' '}
          <a href="/api/openapi.json" download="openapi.json" onClick={(e) => downloadDoc(e, doc)}>
            {t('Download openapi.json')}
          </a>
        </p>
      ) : error ? null : (
        <p aria-busy="true">{t('Loading…')}</p>
      )}
      <div className="api-layout">
        <nav className="api-list" aria-label={t('Calls')}>
          <input
            type="search"
            placeholder={t('Search path, summary or flag')}
            aria-label={t('Search path, summary or flag')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          {doc && !groups.length ? <p className="muted">{t('No call matches.')}</p> : null}
          {groups.map(([area, list]) => (
            <section key={area} className="api-group">
              <h2>
                {area} <span className="muted">({list.length})</span>
              </h2>
              <ul>
                {list.map((c) => (
                  <li key={c.id}>
                    <button
                      type="button"
                      className="api-call-link"
                      aria-current={c.id === selectedId ? 'true' : undefined}
                      onClick={() => setSelectedId(c.id)}
                    >
                      <span className={`api-method api-method-${c.method.toLowerCase()}`}>{c.method}</span>{' '}
                      <code>{c.path}</code>
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </nav>
        <div className="api-detail">
          {selected && resolver ? (
            <CallDetail key={selected.id} call={selected} resolver={resolver} />
          ) : doc ? (
            <p className="muted">
              {t('Choose a call on the left to see its payload, result and who may call it.')}
            </p>
          ) : null}
        </div>
      </div>
    </section>
  );
}

/** Saves the document already loaded (the link's own GET would go without the session header). */
function downloadDoc(e: React.MouseEvent, doc: OpenApiDoc) {
  e.preventDefault();
  const url = URL.createObjectURL(new Blob([JSON.stringify(doc, null, 2)], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = 'openapi.json';
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function Access({ call }: { call: ApiCall }) {
  const t = useT();
  const p = call.permissions;
  if ('access' in p)
    return <>{p.access === 'public' ? t('Anyone, without a login') : t('Any logged-in user')}</>;
  return (
    <>
      {'allOf' in p ? t('Every one of these flags:') : t('At least one of these flags:')}{' '}
      {flagsOf(call).map((f) => (
        <code key={f} className="api-flag">
          {f}
        </code>
      ))}
    </>
  );
}

function CallDetail({ call, resolver }: { call: ApiCall; resolver: Resolver }) {
  const t = useT();
  return (
    <article aria-labelledby="api-call-title">
      <h2 id="api-call-title">
        <span className={`api-method api-method-${call.method.toLowerCase()}`}>{call.method}</span>{' '}
        <code>/api/{call.path}</code>
      </h2>
      <p>{call.summary}</p>
      <p>
        <strong>{t('Who may call')}:</strong> <Access call={call} />
      </p>
      <h3>{t('Payload')}</h3>
      <SchemaTree rows={treeRows(resolver, call.payload)} />
      <h3>{t('Result')}</h3>
      {call.result ? (
        <SchemaTree rows={treeRows(resolver, call.result)} />
      ) : (
        <p className="muted">{t('The bytes of a file; a failure answers JSON with a message.')}</p>
      )}
      <TryIt call={call} resolver={resolver} />
    </article>
  );
}

function SchemaTree({ rows }: { rows: TreeRow[] }) {
  const t = useT();
  if (!rows.length) return <p className="muted">{t('No fields.')}</p>;
  return (
    <div className="table-wrap">
      <table className="grid api-tree">
        <thead>
          <tr>
            <th>{t('Field')}</th>
            <th>{t('Type')}</th>
            <th>{t('Required')}</th>
            <th>{t('Rules')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            // Rows are a fixed flattening of one schema: the index is stable.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <tr key={i}>
              <td style={{ paddingInlineStart: `${0.5 + row.depth * 1.25}rem` }}>
                <code>{row.name || '—'}</code>
              </td>
              <td>
                <code>{row.type}</code>
              </td>
              <td>{row.required ? t('yes') : t('no')}</td>
              <td className="api-rules">{row.rules.join('; ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface Outcome {
  envelope: { Error: boolean; Sorry: boolean; Silent: boolean; Message: string; Status?: number };
  result: unknown;
}

/** Any payload: the server, not this screen, is what checks it (that is what trying a call is for). */
const anyPayload = z.record(z.string(), z.unknown());

function TryIt({ call, resolver }: { call: ApiCall; resolver: Resolver }) {
  // The quiet client: the panel shows the refusal itself, an alert on top would hide it. A 401 still
  // sends the session to Login, like any other request.
  const { backgroundApi: api } = useCore();
  const t = useT();
  const editorId = useId();
  const [text, setText] = useState(() =>
    JSON.stringify(examplePayload(resolver, call.payload) ?? {}, null, 2),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);

  if (call.file) {
    return (
      <section className="api-try">
        <h3>{t('Try it')}</h3>
        <p className="muted">
          {t('A file call is tried from the screen that downloads or uploads the file.')}
        </p>
      </section>
    );
  }

  async function send() {
    let payload: unknown;
    try {
      payload = JSON.parse(text || '{}');
    } catch {
      setProblem(t('The payload is not valid JSON.'));
      return;
    }
    if (!payload || typeof payload !== 'object' || Array.isArray(payload)) {
      setProblem(t('The payload must be a JSON object.'));
      return;
    }
    setProblem(null);
    setBusy(true);
    const def: CallDef = {
      method: call.method,
      path: call.path,
      payload: anyPayload,
      result: z.unknown(),
      access: 'user',
      summary: call.summary,
    };
    try {
      const { data, message } = await api.request(def, payload as Record<string, unknown>);
      setOutcome({ envelope: { Error: false, Sorry: false, Silent: false, Message: message }, result: data });
    } catch (e) {
      const err = e instanceof ApiError ? e : new ApiError('network', String(e));
      setOutcome({
        envelope: {
          Error: err.kind !== 'sorry' && err.kind !== 'silent',
          Sorry: err.kind === 'sorry',
          Silent: err.kind === 'silent',
          Message: err.message,
          ...(err.status ? { Status: err.status } : {}),
        },
        result: null,
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="api-try" aria-labelledby={`${editorId}-title`}>
      <h3 id={`${editorId}-title`}>{t('Try it')}</h3>
      <p className="muted">
        {t('Sent with your own session, as {{method}} /api/{{path}}. A POST really changes data.', {
          method: call.method,
          path: call.path,
        })}
      </p>
      <label htmlFor={editorId}>{t('Payload (JSON)')}</label>
      <textarea
        id={editorId}
        className="api-editor"
        spellCheck={false}
        rows={Math.min(16, Math.max(4, text.split('\n').length + 1))}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      {problem ? <p role="alert">{problem}</p> : null}
      <div className="toolbar">
        <button type="button" className="primary" onClick={send} disabled={busy}>
          {busy ? t('Sending…') : t('Send')}
        </button>
      </div>
      {outcome ? (
        <div className="api-outcome" data-testid="api-outcome" aria-live="polite">
          {/* Wrapped, not scrolled (apibrowser.css): a scrolling box would need keyboard focus (axe, WCAG 2.1.1). */}
          <h4>{t('Envelope')}</h4>
          <pre>{JSON.stringify(outcome.envelope, null, 2)}</pre>
          <h4>{t('Result')}</h4>
          <pre data-testid="api-result">{JSON.stringify(outcome.result, null, 2)}</pre>
        </div>
      ) : null}
    </section>
  );
}
