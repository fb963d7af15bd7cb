import { type FormEvent, useId, useState } from 'react';
import { plants } from '../../../../domain/platform/plants';
import { SendToDisplay } from '../../../../domain/tv/calls';
import { useServices } from '../../../app/context';
import { useT } from '../../../i18n';
import { ActionMessages, useAction } from '../../shopfloor/shared';
import { boardPath, PARAM_LABELS, paramError, tvChoices } from '../choices';
import '../../shopfloor/shopfloor.css';

/** TVs this tablet sent something to, newest first, so the next time is one tap. */
const RECENT_KEY = 'sw.tvremote.recent';
interface RecentTv {
  code: string;
  path: string;
}
function recentTvs(): RecentTv[] {
  try {
    const list = JSON.parse(localStorage.getItem(RECENT_KEY) ?? '[]') as RecentTv[];
    return Array.isArray(list) ? list.filter((r) => /^\d{6}$/.test(r.code)).slice(0, 8) : [];
  } catch {
    return [];
  }
}
function rememberTv(tv: RecentTv) {
  try {
    const list = [tv, ...recentTvs().filter((r) => r.code !== tv.code)].slice(0, 8);
    localStorage.setItem(RECENT_KEY, JSON.stringify(list));
  } catch {
    // No storage: the code is typed again next time.
  }
}

/**
 * /manufacturing/tvremote: point one TV at a board from a tablet. The TV's 6-digit code is in the corner
 * of every board; the tablet sends tv/SendToDisplay and the TV goes there within a second (or when it
 * is back on the network). Supervisors and MES administrators only: the server refuses anyone else.
 */
export function TvRemotePage() {
  const t = useT();
  const ids = useId();
  const { backgroundApi } = useServices();
  const action = useAction();
  const [recent, setRecent] = useState(recentTvs);
  const [code, setCode] = useState(() => recent[0]?.code ?? '');
  const [index, setIndex] = useState(0);
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  const choice = tvChoices[index] ?? tvChoices[0]!;
  const codeError = /^\d{6}$/.test(code.trim()) ? null : t('Type the 6-digit code shown on the TV.');
  const paramProblem = choice.param ? paramError(choice.param, value) : null;

  async function send(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (codeError || paramProblem) return;
    const path = boardPath(choice, value);
    const displayId = code.trim();
    const sent = await action.run(
      () => backgroundApi.post(SendToDisplay, { DisplayID: displayId, Path: path }),
      t('TV {{code}} now shows {{board}}.', { code: displayId, board: t(choice.route.title) }),
    );
    if (sent) {
      rememberTv({ code: displayId, path });
      setRecent(recentTvs());
    }
  }

  return (
    <section className="page sf-page" data-testid="tv-remote">
      <h1>{t('TV Remote')}</h1>
      <form className="card tvr-form" onSubmit={send} noValidate>
        <label htmlFor={`${ids}-code`}>{t('TV code')}</label>
        <input
          id={`${ids}-code`}
          inputMode="numeric"
          autoComplete="off"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          aria-invalid={touched && codeError !== null}
          aria-describedby={`${ids}-code-help`}
        />
        <p id={`${ids}-code-help`} className="muted">
          {t('The code is in the top corner of the TV, under the clock.')}
        </p>
        {recent.length > 0 ? (
          <fieldset className="sf-actions tvr-recent">
            <legend>{t('Recent TVs')}</legend>
            {recent.map((r) => (
              <button
                key={r.code}
                type="button"
                className={`sf-big${r.code === code ? ' sf-selected' : ''}`}
                aria-pressed={r.code === code}
                onClick={() => setCode(r.code)}
              >
                {t('TV {{code}}', { code: r.code })}
              </button>
            ))}
          </fieldset>
        ) : null}
        <label htmlFor={`${ids}-board`}>{t('Board')}</label>
        <select
          id={`${ids}-board`}
          value={index}
          onChange={(e) => {
            setIndex(Number(e.target.value));
            setValue('');
          }}
        >
          {tvChoices.map((c, i) => (
            <option key={c.route.path} value={i}>
              {t(c.route.title)}
            </option>
          ))}
        </select>
        {choice.param === 'plantId' ? (
          <>
            <label htmlFor={`${ids}-param`}>{t(PARAM_LABELS.plantId)}</label>
            <select
              id={`${ids}-param`}
              value={value}
              onChange={(e) => setValue(e.target.value)}
              aria-invalid={touched && paramProblem !== null}
            >
              <option value="">{t('Choose a plant')}</option>
              {plants.map((p) => (
                <option key={p.PlantID} value={p.PlantID}>
                  {p.PlantName}
                </option>
              ))}
            </select>
          </>
        ) : choice.param ? (
          <>
            <label htmlFor={`${ids}-param`}>{t(PARAM_LABELS[choice.param])}</label>
            <input
              id={`${ids}-param`}
              autoComplete="off"
              value={value}
              onChange={(e) => setValue(e.target.value)}
              aria-invalid={touched && paramProblem !== null}
            />
          </>
        ) : null}
        {touched && (codeError || paramProblem) ? (
          <p className="alert alert-error" role="alert" data-testid="remote-problem">
            {codeError ?? t(paramProblem!)}
          </p>
        ) : null}
        <div className="sf-actions">
          <button type="submit" className="sf-big" disabled={action.busy}>
            {t('Show on the TV')}
          </button>
        </div>
        <ActionMessages error={action.error} done={action.done} testId="remote-error" />
      </form>
    </section>
  );
}
