import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { KpiBoard } from '../../../domain/boards/entities';
import { KPI_KIND, kpiTopic } from '../../../domain/boards/live';
import { GetNews, NEWS_TOPIC, type PublishedNews } from '../../../domain/platform/config';
import { UpdateEmployee } from '../../../domain/platform/employees';
import { interfaceLabels } from '../../../domain/platform/interfaces';
import { GetMyWork, type MyWork, watchesPlant, workTopics } from '../../../domain/platform/my-work';
import { matchRoute, screenByName } from '../../../domain/platform/routes';
import { type Language, languages } from '../../../domain/platform/session';
import type { BoardItemProjection } from '../../../projections';
import { useRxDocument } from '../../../projections/hooks';
import { messageOf } from '../../api/errors';
import { useSaveStatus, useServices, useShellState, useUser } from '../../app/context';
import { FailedSavesList } from '../../app/FailedSaves';
import { areaLabels, currentInterface, flagSet, menuFor } from '../../app/menus';
import { usePlants } from '../../app/plants';
import { sharedGet } from '../../app/shared-requests';
import { useTopicRefresh } from '../../app/use-topic';
import { changeLanguage, useT } from '../../i18n';
import { formatDateTime } from '../../ui/format';
import {
  mergeResults,
  moveSelection,
  type SearchResult,
  searchableScreens,
  searchScreens,
} from './intro/search';
import { opensTvBoard, shortcutsToShow, workLabel } from './intro/work';
import { useGlobalSearch } from './search/use-global-search';
import './intro/intro.css';

const languageNames: Record<Language, string> = { en: 'English', es: 'Español' };

/** Slots fall due with time and a recorded check has no topic: counts are read again this often. */
const RECOUNT_MS = 60_000;

/**
 * /intro: where a user lands, a "my work" page (issue 15). Who and where they are and their settings
 * (saved through the post queue, spec 000 §7.1); what waits for them, counted by the server in one call
 * (web/GetMyWork) and read again when a topic that feeds a count changes, plus their failed saves
 * from the post queue; shortcuts to the screens they open most; their plant's live figures from the
 * KPI monitor's document for those who watch the plant; a search over the screens they may open and
 * the jobs of their plant.
 *
 * News: what /newseditor publishes for the user's plant and for all plants, pinned first (IntroNews).
 */
export function IntroPage() {
  const { api, session, enqueue } = useServices();
  const user = useUser();
  const t = useT();
  const plants = usePlants(api);

  // The interface the shell and every request use: the stored preference counts (src/app/menus.ts).
  const { interfacePref } = useShellState();
  if (!user) return null;
  const plant = plants?.find((p) => p.PlantID === user.PlantID);
  const iface = currentInterface(user, window.location.pathname, interfacePref);
  const plantName = plant
    ? `${plant.PlantName} (${plant.ShortName})`
    : t('Plant {{plantId}}', { plantId: user.PlantID });

  function changeHelp(value: boolean) {
    if (!user) return;
    enqueue(UpdateEmployee, { EmployeeID: user.EmployeeID, FieldName: 'ShowMyHelp', Value: value });
    session.send({ type: 'session.userUpdated', user: { ...user, ShowMyHelp: value } });
  }

  return (
    <section className="page intro">
      <div className="intro-head">
        <div className="card welcome">
          {user.PhotoFile ? (
            <img
              className="avatar avatar-lg"
              src={api.photoUrl(user.EmployeeID)}
              alt=""
              width={60}
              height={60}
            />
          ) : (
            <span className="avatar avatar-lg initials" aria-hidden="true">
              {user.Name.split(' ')
                .map((w) => w[0])
                .join('')
                .slice(0, 2)}
            </span>
          )}
          <div>
            <h1>{t('Welcome, {{name}}', { name: user.Name })}</h1>
            <dl className="facts">
              <dt>{t('Plant')}</dt>
              <dd data-testid="plant">{plantName}</dd>
              <dt>{t('Interface')}</dt>
              <dd data-testid="interface">{t(interfaceLabels[iface])}</dd>
              <dt>{t('Employee ID')}</dt>
              <dd>{user.EmployeeID}</dd>
            </dl>
          </div>
        </div>
        <div className="card intro-settings">
          <h2>{t('Your settings')}</h2>
          <label className="row">
            {t('Language')}
            <select
              name="language"
              value={user.Language}
              onChange={(e) => changeLanguage(e.target.value as Language)}
            >
              {languages.map((l) => (
                <option key={l} value={l}>
                  {languageNames[l]}
                </option>
              ))}
            </select>
          </label>
          <label className="row">
            <input
              type="checkbox"
              name="showMyHelp"
              checked={user.ShowMyHelp}
              onChange={(e) => changeHelp(e.target.checked)}
            />
            {t('Show help tips')}
          </label>
          <p className="muted">
            {t('Changes save in the background; the status in the top bar shows what is still saving.')}
          </p>
        </div>
      </div>
      <IntroSearch />
      <MyWorkCards plantName={plantName} iface={iface} />
    </section>
  );
}

type WorkState = { work: MyWork | null; error: string | null };

/** web/GetMyWork, read at once and again when a topic feeding one of its counts changes. */
function useMyWork(): WorkState & { reload: () => void } {
  const { backgroundApi } = useServices();
  const user = useUser();
  const [state, setState] = useState<WorkState>({ work: null, error: null });
  const reload = useCallback(() => {
    backgroundApi.get(GetMyWork, {}).then(
      (work) => setState({ work, error: null }),
      (e: unknown) => setState((s) => ({ work: s.work, error: messageOf(e) })),
    );
  }, [backgroundApi]);
  useEffect(() => {
    // The route's loader may have asked already (src/app/screens.ts): take that answer.
    sharedGet(backgroundApi, GetMyWork, {}).promise.then(
      (work) => setState({ work, error: null }),
      (e: unknown) => setState({ work: null, error: messageOf(e) }),
    );
  }, [backgroundApi]);

  const kinds = new Set(state.work?.Items.map((i) => i.Kind) ?? []);
  const plantId = state.work?.PlantID ?? user?.PlantID ?? 0;
  // One hook per kind, so the number of hooks never changes; a kind the user lacks follows nothing.
  const topic = (kind: Parameters<typeof workTopics>[0]) =>
    kinds.has(kind) ? (workTopics(kind, plantId)[0] ?? null) : null;
  useTopicRefresh(topic('missingPunchOuts'), reload, 500);
  useTopicRefresh(topic('weeksToLock'), reload, 500);
  useTopicRefresh(topic('openWorkOrders'), reload, 500);
  useTopicRefresh(topic('openFixtureRequests'), reload, 500);
  useTopicRefresh(topic('twoHourChecks'), reload, 500);
  const checks = kinds.has('twoHourChecks');
  useEffect(() => {
    if (!checks) return;
    const timer = setInterval(reload, RECOUNT_MS);
    return () => clearInterval(timer);
  }, [checks, reload]);
  return { ...state, reload };
}

function MyWorkCards({ plantName, iface }: { plantName: string; iface: Parameters<typeof menuFor>[0] }) {
  const user = useUser();
  const t = useT();
  const { work, error, reload } = useMyWork();
  const save = useSaveStatus();
  const [showFailed, setShowFailed] = useState(false);
  const flags = useMemo(() => flagSet(user), [user]);
  const menu = useMemo(() => menuFor(iface, user), [iface, user]);
  if (!user) return null;
  const failed = save.failed.length;
  const items = work?.Items ?? [];
  const nothing = work && items.every((i) => i.Count === 0) && failed === 0;
  const shortcuts = shortcutsToShow(work?.Shortcuts ?? [], menu);

  return (
    <div className="intro-grid">
      <section className="card intro-work" aria-labelledby="intro-work-title" data-testid="my-work">
        <h2 id="intro-work-title">{t('What waits for me')}</h2>
        {error ? (
          <div className="intro-error" role="alert">
            <p>{t('The work list could not be read: {{message}}', { message: error })}</p>
            <button type="button" onClick={reload}>
              {t('Try again')}
            </button>
          </div>
        ) : null}
        {!work && !error ? (
          <p className="muted" aria-busy="true">
            {t('Counting…')}
          </p>
        ) : null}
        <ul className="work-items">
          {items.map((item) => (
            <li key={item.Kind} className={item.Count ? 'has-work' : 'no-work'} data-kind={item.Kind}>
              <span className="work-count" data-testid={`count-${item.Kind}`}>
                {item.Count}
              </span>
              <WorkLink path={item.Path}>{t(workLabel(item.Kind))}</WorkLink>
            </li>
          ))}
          {failed ? (
            <li className="has-work" data-kind="failedSaves">
              <span className="work-count" data-testid="count-failedSaves">
                {failed}
              </span>
              <button
                type="button"
                className="link-button"
                aria-expanded={showFailed}
                aria-controls="intro-failed-saves"
                onClick={() => setShowFailed((v) => !v)}
              >
                {t('Failed saves in this browser')}
              </button>
            </li>
          ) : null}
        </ul>
        {failed && showFailed ? (
          <div id="intro-failed-saves" className="intro-failed">
            <FailedSavesList />
          </div>
        ) : null}
        {nothing ? <p className="muted">{t('Nothing waits for you.')}</p> : null}
      </section>

      <nav className="card intro-shortcuts" aria-labelledby="intro-shortcuts-title" data-testid="shortcuts">
        <h2 id="intro-shortcuts-title">{t('Shortcuts')}</h2>
        <p className="muted">
          {shortcuts.visited ? t('The screens you open most.') : t('The main screens of your interface.')}
        </p>
        {shortcuts.shortcuts.length ? (
          <ul className="shortcut-list">
            {shortcuts.shortcuts.map((s) => (
              <li key={s.path}>
                <Link to={s.path}>
                  {t(screenByName(s.name).title)}
                  <ShortcutDetail path={s.path} />
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">{t('No screens to suggest yet.')}</p>
        )}
      </nav>

      {watchesPlant(flags) ? <PlantFigures plantId={user.PlantID} plantName={plantName} /> : null}
      <IntroNews />
    </div>
  );
}

/** The parameter that tells two shortcuts of one screen apart (a job number, an order). */
function ShortcutDetail({ path }: { path: string }) {
  const params = Object.values(matchRoute(path)?.params ?? {});
  return params.length ? <span className="muted"> {params.join(' · ')}</span> : null;
}

function WorkLink({ path, children }: { path: string; children: React.ReactNode }) {
  const t = useT();
  if (opensTvBoard(path)) {
    return (
      <a href={path} target="_blank" rel="noopener">
        {children} <span className="muted">{t('(TV board, new tab)')}</span>
      </a>
    );
  }
  return <Link to={path}>{children}</Link>;
}

/**
 * The plant's figures from the KPI monitor's document (`kpi:{PlantID}`, boardItems), followed while
 * shown: every shop-floor write republishes it, so the figures move without a request of their own.
 */
function PlantFigures({ plantId, plantName }: { plantId: number; plantName: string }) {
  const { db, live } = useServices();
  const t = useT();
  useEffect(() => {
    const follow = live.follow<BoardItemProjection>(kpiTopic(plantId), db.boardItems, {
      Kind: KPI_KIND,
      Key: String(plantId),
    });
    return () => {
      void follow.stop();
    };
  }, [live, db, plantId]);
  const { doc, loading } = useRxDocument(
    () => db.boardItems.findOne(`${KPI_KIND}:${plantId}`),
    [db, plantId],
  );
  const kpi = doc ? (doc.Data as unknown as KpiBoard) : null;
  const people = kpi ? kpi.People.Direct + kpi.People.Indirect + kpi.People.Idle : 0;
  return (
    <section className="card intro-figures" aria-labelledby="intro-figures-title" data-testid="plant-figures">
      <h2 id="intro-figures-title">{t('{{plant}} today', { plant: plantName })}</h2>
      {kpi ? (
        <>
          <dl className="figures">
            <div>
              <dt>{t('Pieces today')}</dt>
              <dd data-testid="figure-pieces">{kpi.Pieces}</dd>
            </div>
            <div>
              <dt>{t('Machines down')}</dt>
              <dd data-testid="figure-down">{kpi.MachinesDown ?? '–'}</dd>
            </div>
            <div>
              <dt>{t('People clocked in')}</dt>
              <dd data-testid="figure-people">{people}</dd>
            </div>
          </dl>
          <p className="muted">{t('As of {{time}}', { time: formatDateTime(kpi.AsOf, plantId) })}</p>
        </>
      ) : (
        <p className="muted">{loading ? t('Loading…') : t('No figures reported for this plant yet.')}</p>
      )}
    </section>
  );
}

/**
 * The news published now for the user's plant and all plants (web/GetNews), pinned first. Read again
 * when the `news` topic says an item changed, and every minute, since an item's publish window opens
 * and closes with time alone.
 */
function IntroNews() {
  const { backgroundApi } = useServices();
  const user = useUser();
  const t = useT();
  const [news, setNews] = useState<PublishedNews[] | null>(null);
  const loggedIn = useRef(user !== null);
  loggedIn.current = user !== null;
  const read = useCallback(() => {
    // `news` is a public topic: after Log out the hub follows it again without a session and says so,
    // and reading then would answer 401, which the session takes for an expired login.
    if (!loggedIn.current) return;
    backgroundApi.get(GetNews, {}).then(setNews, () => undefined);
  }, [backgroundApi]);
  useEffect(() => {
    read();
    const timer = setInterval(read, RECOUNT_MS);
    return () => clearInterval(timer);
  }, [read]);
  useTopicRefresh(NEWS_TOPIC, read);
  if (!news?.length) return null;
  return (
    <section className="card intro-news" aria-labelledby="intro-news-title" data-testid="intro-news">
      <h2 id="intro-news-title">{t('News')}</h2>
      <ul className="news-list">
        {news.map((n) => (
          <li key={n.NewsItemID}>
            <h3>
              {n.Pinned && <span className="news-pinned">{t('Pinned')}</span>} {n.Title}
            </h3>
            {n.PublishFrom && (
              <p className="muted">{formatDateTime(n.PublishFrom, n.ForPlantID ?? user?.PlantID)}</p>
            )}
            <p className="news-body">{n.Body}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Intro's search: the screens the user may open, by title in their language, and every record global
 * search finds for them (web/GlobalSearch, the service behind the header's box: employees, jobs and
 * plans, orders, devices, each as their flags and plant allow). Enter opens the selected (else the
 * first) result, the arrow keys move, Escape clears.
 */
function IntroSearch() {
  const user = useUser();
  const t = useT();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState(-1);
  const flags = useMemo(() => flagSet(user), [user]);
  const screens = useMemo(() => searchableScreens(flags), [flags]);
  const records = useGlobalSearch(query, { take: 3, delayMs: 200 });

  const results = useMemo(() => {
    const found = searchScreens(query, screens, t);
    const q = query.trim();
    return mergeResults(records.query === q && q ? records.groups : [], found, t);
  }, [query, screens, t, records]);

  function open(r: SearchResult | undefined) {
    if (!r) return;
    navigate(r.path);
  }

  function onKeyDown(e: React.KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setSelected((s) => moveSelection(s, e.key as 'ArrowDown' | 'ArrowUp', results.length));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      open(results[selected] ?? results[0]);
    } else if (e.key === 'Escape') {
      setQuery('');
      setSelected(-1);
    }
  }

  const listId = 'intro-search-results';
  const active = selected >= 0 && selected < results.length ? `${listId}-${selected}` : undefined;
  return (
    <search className="card intro-search">
      <label htmlFor="intro-search-box">{t('Search screens and records')}</label>
      <input
        id="intro-search-box"
        type="search"
        role="combobox"
        aria-expanded={results.length > 0}
        aria-controls={listId}
        aria-activedescendant={active}
        aria-autocomplete="list"
        autoComplete="off"
        placeholder={t('A screen, a person, a job number…')}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setSelected(-1);
        }}
        onKeyDown={onKeyDown}
      />
      {query.trim() ? (
        results.length ? (
          <div id={listId} role="listbox" aria-label={t('Search results')} className="search-results">
            {results.map((r, i) => (
              <div
                key={`${r.kind}:${r.path}`}
                tabIndex={-1}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === selected}
                className={i === selected ? 'selected' : undefined}
                onMouseDown={(e) => {
                  e.preventDefault();
                  open(r);
                }}
              >
                <span className="result-label">{r.label}</span>
                <span className="muted">
                  {r.kind === 'screen' ? t(areaLabels[r.detail] ?? r.detail) : r.detail}
                </span>
              </div>
            ))}
          </div>
        ) : (
          <p className="muted" role="status">
            {t('Nothing found for "{{query}}".', { query: query.trim() })}
          </p>
        )
      ) : null}
    </search>
  );
}
