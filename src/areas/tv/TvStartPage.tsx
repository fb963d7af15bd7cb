import { type FormEvent, useState, useSyncExternalStore } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { plants } from '../../../domain/platform/plants';
import { shellState } from '../../app/shell-state';
import { useT } from '../../i18n';
import { boardPath, choiceOfPath, PARAM_LABELS, paramError, tvChoices } from './choices';
import { markApplied } from './display';
import { useTvTopic } from './feed';
import { TvBoard } from './TvBoard';

/** The self-check's topic: public, and changed by an administrator's translation/SaveTranslation. */
export const SELF_CHECK_TOPIC = 'translations:es';

/**
 * The frame's self-check: the Spanish translations, followed live through the public topic, as the
 * number of texts and the last one changed. Proves the anonymous hub, the live feed and the indicator
 * end to end before the real boards exist. Not a production board.
 */
function SelfCheck() {
  const t = useT();
  const { docs, loading, lastChanged } = useTvTopic(SELF_CHECK_TOPIC, 'translations', { Language: 'es' });
  const translated = docs.filter((d) => d.Text !== null).length;
  return (
    <section className="tv-panel" data-testid="tv-selfcheck" aria-labelledby="tv-selfcheck-title">
      <h2 id="tv-selfcheck-title">{t('Frame self-check')}</h2>
      <p className="tv-note">
        {t('Live data from the public topic {{topic}}, with no login: the translations changed on it.', {
          topic: SELF_CHECK_TOPIC,
        })}
      </p>
      <dl className="tv-facts">
        <dt>{t('Texts on the topic')}</dt>
        <dd className="tv-big" data-testid="tv-selfcheck-count">
          {loading ? '…' : translated}
        </dd>
        <dt>{t('Last change')}</dt>
        <dd data-testid="tv-selfcheck-latest">
          {lastChanged ? (
            <>
              <span className="tv-english">{lastChanged.English}</span>
              {' → '}
              <strong>{lastChanged.Text ?? t('(no translation)')}</strong>
            </>
          ) : (
            <span className="tv-muted">{t('None since this page opened')}</span>
          )}
        </dd>
      </dl>
    </section>
  );
}

/**
 * /tv/start: choose the board this TV shows and its parameter, then go there. The first TV board
 * opened is remembered (spec 000 §2.3, src/app/navigation.ts) and `/tv` restores it; choosing a board
 * here replaces the remembered one, and "Forget" clears it.
 */
export function TvStartPage() {
  const t = useT();
  const navigate = useNavigate();
  const { tvPath } = useSyncExternalStore(shellState.subscribe, shellState.getSnapshot);
  const [index, setIndex] = useState(0);
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  const choice = tvChoices[index] ?? tvChoices[0];
  if (!choice) throw new Error('the route table has no TV boards');
  const error = choice.param ? paramError(choice.param, value) : null;
  const plantId = choice.param === 'plantId' && !error ? Number(value) : null;
  const remembered = tvPath ? choiceOfPath(tvPath) : null;

  function open(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (!choice || error) return;
    const path = boardPath(choice, value);
    // The rule remembers only the first board; choosing here is the way to change it. A remote command
    // sent before this moment no longer applies (display.ts shouldApply).
    shellState.rememberTvPath(path);
    markApplied(new Date().toISOString());
    navigate(path);
  }

  return (
    <TvBoard name="TV Start" plantId={plantId}>
      <div className="tv-columns">
        <form className="tv-panel tv-form" onSubmit={open} noValidate aria-labelledby="tv-choose-title">
          <h2 id="tv-choose-title">{t('Choose the board for this TV')}</h2>
          <label>
            {t('Board')}
            <select
              className="tv-input"
              name="board"
              value={index}
              onChange={(e) => {
                setIndex(Number(e.target.value));
                setValue('');
                setTouched(false);
              }}
            >
              {tvChoices.map((c, i) => (
                <option key={c.route.path} value={i}>
                  {t(c.route.title)}
                </option>
              ))}
            </select>
          </label>
          {choice.param === 'plantId' ? (
            <label>
              {t(PARAM_LABELS.plantId)}
              <select
                className="tv-input"
                name="param"
                value={value}
                onChange={(e) => setValue(e.target.value)}
              >
                <option value="">{t('Choose a plant')}</option>
                {plants.map((p) => (
                  <option key={p.PlantID} value={p.PlantID}>
                    {p.PlantID} {p.PlantName}
                  </option>
                ))}
              </select>
            </label>
          ) : choice.param ? (
            <label>
              {t(PARAM_LABELS[choice.param])}
              <input
                className="tv-input"
                name="param"
                value={value}
                autoComplete="off"
                onChange={(e) => setValue(e.target.value)}
                onBlur={() => setTouched(true)}
                aria-invalid={touched && error !== null}
              />
            </label>
          ) : null}
          {touched && error ? (
            <p className="tv-error" role="alert">
              {t(error)}
            </p>
          ) : null}
          <button type="submit" className="tv-button">
            {t('Show this board')}
          </button>
          <div className="tv-remembered" data-testid="tv-remembered">
            {tvPath ? (
              <>
                <p>
                  {t('This TV opens {{board}} at {{path}}.', {
                    board: remembered ? t(remembered.route.title) : tvPath,
                    path: tvPath,
                  })}
                </p>
                <p className="tv-actions">
                  <Link to={tvPath}>{t('Open it')}</Link>
                  <button type="button" className="tv-link" onClick={() => shellState.rememberTvPath(null)}>
                    {t('Forget it')}
                  </button>
                </p>
              </>
            ) : (
              <p className="tv-muted">{t('No board remembered yet: the first one opened will be.')}</p>
            )}
          </div>
        </form>
        <SelfCheck />
      </div>
    </TvBoard>
  );
}
