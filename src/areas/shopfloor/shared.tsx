import { useCallback, useEffect, useRef, useState } from 'react';
import type { Face } from '../../../domain/shopfloor/entities';
import { messageOf } from '../../api';
import { useT } from '../../i18n';
import { formatDateTime } from '../../ui/format';

export { messageOf };

/** How long a success note stays. */
const DONE_SHOWN_MS = 5000;

/**
 * One action at a time on a tablet: `run` marks it busy, clears the last message and keeps the
 * server's refusal as `error` (shown beside the form; the fields keep what was typed).
 */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );
  // A success note fades after a few seconds so it never describes an older action.
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => setDone(null), DONE_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [done]);
  const run = useCallback(async <T,>(work: () => Promise<T>, success?: string): Promise<T | undefined> => {
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      const result = await work();
      if (mounted.current && success) setDone(success);
      return result;
    } catch (e) {
      if (mounted.current) setError(messageOf(e));
      return undefined;
    } finally {
      if (mounted.current) setBusy(false);
    }
  }, []);
  return { busy, error, done, run, setError };
}

export function ActionMessages(props: { error: string | null; done?: string | null; testId?: string }) {
  return (
    <>
      {props.error && (
        <p className="alert alert-error" role="alert" data-testid={props.testId ?? 'action-error'}>
          {props.error}
        </p>
      )}
      {props.done && (
        <p className="alert alert-success" role="status">
          {props.done}
        </p>
      )}
    </>
  );
}

/** What an employee is doing, in words (plant time). */
export function FaceState({ face, plantId }: { face: Face; plantId: number | null }) {
  const t = useT();
  const at = (iso: string | null) => (iso ? formatDateTime(iso, plantId) : '');
  if (!face.ClockedIn) return <span className="sf-state sf-out">{t('Not clocked in')}</span>;
  if (face.Machine) {
    return (
      <span className="sf-state sf-direct">
        {t('On {{machine}}: job {{job}}, operation {{op}}', {
          machine: face.Machine,
          job: face.WONumber ?? '',
          op: face.Operation ?? '',
        })}
        {face.StartActivity && <> · {t('since {{time}}', { time: at(face.StartActivity) })}</>}
      </span>
    );
  }
  if (face.Indirect) {
    return (
      <span className="sf-state sf-indirect">
        {t('Indirect: {{what}}', { what: t(face.Indirect) })}
        {face.StartActivity && <> · {t('since {{time}}', { time: at(face.StartActivity) })}</>}
      </span>
    );
  }
  return (
    <span className="sf-state sf-idle">
      {face.IdleSince ? t('Idle since {{time}}', { time: at(face.IdleSince) }) : t('Idle')}
    </span>
  );
}

/** The face card: name, clocked in since, current activity or idle since. */
export function FaceCard({ face, plantId }: { face: Face; plantId: number | null }) {
  const t = useT();
  return (
    <div className="sf-face" data-testid="my-face" data-clocked-in={face.ClockedIn}>
      <div className="sf-face-name">{face.Name}</div>
      <div>
        {face.ClockedIn && face.ClockedInAt
          ? t('Clocked in since {{time}}', { time: formatDateTime(face.ClockedInAt, plantId) })
          : t('Not clocked in')}
      </div>
      {face.ClockedIn && (
        <div>
          <FaceState face={face} plantId={plantId} />
        </div>
      )}
      {face.TeamMembers.length > 0 && (
        <div className="muted">
          {t('Team: {{names}}', { names: face.TeamMembers.map((m) => m.Name).join(', ') })}
        </div>
      )}
    </div>
  );
}
