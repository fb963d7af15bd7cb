import { useT } from '../i18n';
import { useSaveStatus, useStore } from './context';

/**
 * The failed saves of the post queue with Retry and Discard: the shell's panel and Intro's work list
 * show the same list, so a refused change can be dealt with from either.
 */
export function FailedSavesList() {
  const store = useStore();
  const save = useSaveStatus();
  const t = useT();
  return (
    <>
      <p className="muted">
        {t('These changes were refused or could not be sent. Nothing is lost until you discard it.')}
      </p>
      <ul>
        {save.failed.map((f) => (
          <li key={f.postId}>
            <code>{f.path}</code> {String(f.body.FieldName ?? '')} — {f.error}
            <button
              type="button"
              onClick={() => store?.queue.send({ type: 'queue.retry', postId: f.postId })}
            >
              {t('Retry')}
            </button>
            <button
              type="button"
              onClick={() => store?.queue.send({ type: 'queue.discard', postId: f.postId })}
            >
              {t('Discard')}
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
