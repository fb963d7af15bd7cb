import { useState } from 'react';
import { type DocumentDecl, passes, type RecordActionResult } from '../../domain/kit/document';
import { useServices, useUser } from '../app/context';
import { flagSet } from '../app/menus';
import { useT } from '../i18n';
import type { KitRow } from './list-state';

/**
 * The declaration's record actions (`actions` of a kit document type) as buttons on the record: each
 * posts `{<Key>: id}` to its call and shows the answer's sentence beside the buttons, as a warning when
 * the action did not go well, as an alert when the call refused. One request at a time per record.
 */
export function DeclaredActions(props: { decl: DocumentDecl; record: KitRow | null }) {
  const { decl, record } = props;
  const t = useT();
  const user = useUser();
  const { backgroundApi } = useServices();
  const [busy, setBusy] = useState<string | null>(null);
  const [answer, setAnswer] = useState<{ ok: boolean; text: string; error?: boolean } | null>(null);
  const flags = flagSet(user);
  const actions = (decl.actions ?? []).filter((a) => passes(a.call.access, flags));
  if (!record || record.Deleted || !actions.length) return null;
  const run = async (label: string, call: (typeof actions)[number]['call']) => {
    setBusy(label);
    setAnswer(null);
    try {
      const result = (await backgroundApi.post(call, { [decl.key]: record[decl.key] } as never)) as
        | RecordActionResult
        | undefined;
      setAnswer({ ok: result?.Ok ?? true, text: result?.Message ?? t('Done.') });
    } catch (e) {
      setAnswer({ ok: false, error: true, text: e instanceof Error ? e.message : String(e) });
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="kit-actions">
      <div className="row">
        {actions.map((a) => (
          <button
            key={a.call.path}
            type="button"
            disabled={busy !== null}
            aria-busy={busy === a.label || undefined}
            onClick={() => void run(a.label, a.call)}
          >
            {busy === a.label ? t('Working…') : t(a.label)}
          </button>
        ))}
      </div>
      {answer && (
        <p
          className={answer.ok ? 'kit-action-ok' : 'kit-error'}
          role={answer.error ? 'alert' : 'status'}
          data-testid="kit-action-answer"
        >
          {answer.text}
        </p>
      )}
    </div>
  );
}
