import { useActorRef, useSelector } from '@xstate/react';
import { type KeyboardEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, NavLink, Outlet, useBlocker, useLocation, useMatches, useNavigate } from 'react-router-dom';
import type { InterfaceName } from '../../domain/contract/wire';
import { UpdateEmployee } from '../../domain/platform/employees';
import { interfaceLabels } from '../../domain/platform/interfaces';
import { namedRoutes, type ScreenRoute } from '../../domain/platform/routes';
import type { HubStatus } from '../../machines/hub-connection.machine';
import { isSaving } from '../../machines/post-queue.machine';
import { saveWaitMachine, waitMessage } from '../../machines/save-wait.machine';
import { HelpMenu } from '../areas/platform/help/HelpMenu';
import { useT } from '../i18n';
import {
  useCore,
  useEnqueue,
  useHubStatus,
  useLoading,
  useSaveStatus,
  useShellState,
  useStore,
  useUser,
} from './context';
import { FailedSavesList } from './FailedSaves';
import { areaLabels, availableInterfaces, currentInterface, menuFor, officeInterfaceOf } from './menus';
import { usePlants } from './plants';
import { shellState } from './shell-state';

// Loaded after the shell: the search box and the bell bring the search kinds and the kit's record
// calls, which the login page's first JavaScript (its 200 KB budget) must not carry.
const ShellSearch = lazy(() =>
  import('../areas/platform/search/ShellSearch').then((m) => ({ default: m.ShellSearch })),
);
const NotificationBell = lazy(() =>
  import('../kit/NotificationBell').then((m) => ({ default: m.NotificationBell })),
);

const hubLabels: Record<HubStatus, { text: string; title: string }> = {
  live: { text: 'Live', title: 'Connected: changes made elsewhere show here at once.' },
  connecting: { text: 'Connecting…', title: 'Connecting to live updates.' },
  reconnecting: { text: 'Reconnecting…', title: 'Live updates paused; reconnecting. Your edits are kept.' },
  offline: { text: 'Offline', title: 'No live updates; retrying. Your edits are kept and sent once back.' },
};

/** The hub connection indicator next to the save status. */
function HubIndicator() {
  const t = useT();
  const status = useHubStatus();
  const label = hubLabels[status];
  return (
    <span
      className={`hub-state hub-${status}`}
      data-testid="hub-state"
      data-state={status}
      title={t(label.title)}
    >
      <span className="hub-dot" aria-hidden="true" />
      {t(label.text)}
    </span>
  );
}

/** Interface switcher (canChangeInterface) and plant switcher (canChangePlant), spec 000 §1. */
function Switchers({ iface }: { iface: InterfaceName }) {
  const { api } = useCore();
  const enqueue = useEnqueue();
  const t = useT();
  const user = useUser();
  const navigate = useNavigate();
  const canPlant = user?.CanChangePlant === true;
  const canInterface = user?.CanChangeInterface === true;
  const plants = usePlants(api, canPlant) ?? [];

  if (!user) return null;
  return (
    <>
      {canInterface ? (
        <label className="switcher">
          <span className="visually-hidden">{t('Interface')}</span>
          <select
            aria-label={t('Interface')}
            data-testid="interface-switcher"
            value={iface}
            onChange={(e) => {
              const next = e.target.value as InterfaceName;
              // The preference changes first, so leaving /manufacturing or /tv/ is not sent back (§2.3).
              shellState.setInterface(next);
              void navigate(interfaceHome(next));
            }}
          >
            {availableInterfaces(user).map((i) => (
              <option key={i} value={i}>
                {t(interfaceLabels[i])}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {canPlant && plants.length ? (
        <label className="switcher">
          <span className="visually-hidden">{t('Plant')}</span>
          <select
            aria-label={t('Plant')}
            data-testid="plant-switcher"
            value={user.PlantID}
            onChange={(e) =>
              enqueue(UpdateEmployee, {
                EmployeeID: user.EmployeeID,
                FieldName: 'PlantID',
                Value: Number(e.target.value),
              })
            }
          >
            {plants.map((p) => (
              <option key={p.PlantID} value={p.PlantID}>
                {p.PlantName}
              </option>
            ))}
          </select>
        </label>
      ) : null}
    </>
  );
}

/**
 * The way back from the shop-floor app for someone who has an office interface (issue 15): a supervisor
 * who opened a tablet link, or a user who may not use the app at all. It sets their office interface
 * first, so the §2.3 rule that keeps the app's users in /manufacturing lets them go.
 */
function BackToOffice() {
  const t = useT();
  const user = useUser();
  const navigate = useNavigate();
  const office = officeInterfaceOf(user);
  if (!office) return null;
  return (
    <button
      type="button"
      className="back-to-office"
      data-testid="back-to-office"
      title={t('Leave the shop-floor app for your {{interface}} menus', {
        interface: t(interfaceLabels[office]),
      })}
      onClick={() => {
        shellState.setInterface(office);
        void navigate(interfaceHome(office));
      }}
    >
      {t('Back to the office')}
    </button>
  );
}

/** Where switching to an interface lands. */
function interfaceHome(iface: InterfaceName): string {
  if (iface === 'manufacturingApp') return namedRoutes.Manufacturing;
  if (iface === 'tv') return '/tv/start';
  if (iface === 'installerPortal') return namedRoutes.Installers;
  if (iface === 'vendorPortal') return '/vendorportal';
  return '/intro';
}

/**
 * The menu of the current interface: the screens the user may open, by area, with a filter. From the
 * filter, Enter opens the first match, the arrow keys move through the matches (Enter then opens the one
 * reached, as any link), Escape clears the filter, and Escape on an empty filter closes the menu.
 * Screens not built yet are listed, marked as such (their page says so too).
 */
function ScreensMenu({ iface, onClose }: { iface: InterfaceName; onClose: () => void }) {
  const user = useUser();
  const t = useT();
  const navigate = useNavigate();
  const [filter, setFilter] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const nav = useRef<HTMLElement>(null);
  const sections = menuFor(iface, user);
  const q = filter.trim().toLowerCase();

  function onKeyDown(e: KeyboardEvent<HTMLElement>) {
    const links = [...(nav.current?.querySelectorAll<HTMLAnchorElement>('a[data-match]') ?? [])];
    const at = links.indexOf(document.activeElement as HTMLAnchorElement);
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const next = e.key === 'ArrowDown' ? Math.min(at + 1, links.length - 1) : at - 1;
      if (next < 0) input.current?.focus();
      else links[next]?.focus();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      if (filter) {
        setFilter('');
        input.current?.focus();
      } else onClose();
    } else if (e.key === 'Enter' && e.target === input.current && links[0]) {
      e.preventDefault();
      onClose();
      void navigate(links[0].getAttribute('href') ?? '/');
    }
  }

  return (
    <nav
      ref={nav}
      className="screens-menu card"
      aria-label={t('Screens')}
      data-testid="screens-menu"
      onKeyDown={onKeyDown}
    >
      <input
        ref={input}
        type="search"
        placeholder={t('Find a screen')}
        aria-label={t('Find a screen')}
        value={filter}
        // biome-ignore lint/a11y/noAutofocus: the menu opens to find a screen by typing.
        autoFocus
        onChange={(e) => setFilter(e.target.value)}
      />
      <div className="screens-menu-sections">
        {sections.map(({ area, screens }) => {
          const shown = screens.filter(
            (s) => !q || s.title.toLowerCase().includes(q) || t(s.title).toLowerCase().includes(q),
          );
          if (!shown.length) return null;
          return (
            <section key={area}>
              <h3>{t(areaLabels[area] ?? area)}</h3>
              <ul>
                {shown.map((s) => (
                  <li key={s.path} className={s.screen ? undefined : 'not-built'}>
                    <NavLink to={s.path.replace(/\/:[^/]+\?$/, '')} onClick={onClose} data-match="">
                      {t(s.title)}
                    </NavLink>
                    {s.screen ? null : <span className="not-built-tag">{t('Not built yet')}</span>}
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
      </div>
    </nav>
  );
}

/**
 * The frame around every logged-in screen: the menu of the user's interface, interface and plant
 * switchers, live state, what is saving, failed saves, logout. Two layouts: `office` (desktop) and
 * `shop` (the shop-floor tablet app under /manufacturing: larger touch targets, fewer controls). TV
 * screens have no frame at all (router.tsx TvLayout). Navigation waits while a save is in progress
 * (spec 000 §2.3), modelled by the save-wait machine.
 */
export function AppShell({ layout }: { layout: 'office' | 'shop' }) {
  const { session } = useCore();
  const store = useStore();
  const storeRef = useRef(store);
  storeRef.current = store;
  const help = store?.help;
  const t = useT();
  const user = useUser();
  const loading = useLoading();
  const save = useSaveStatus();
  const { pathname } = useLocation();
  const { interfacePref } = useShellState();
  const iface = currentInterface(user, pathname, interfacePref);
  const [showFailed, setShowFailed] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname,
  );
  const proceedRef = useRef<() => void>(() => undefined);
  const saveWait = useActorRef(
    saveWaitMachine.provide({
      // Before the store is attached this page has saved nothing yet.
      guards: { isSaving: () => (storeRef.current ? isSaving(storeRef.current.queue.getSnapshot()) : false) },
      actions: { proceed: () => proceedRef.current() },
    }),
  );
  const message = useSelector(saveWait, waitMessage);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    proceedRef.current = () => blocker.proceed();
    saveWait.send({ type: 'nav.request', to: blocker.location.pathname });
  }, [blocker, saveWait]);

  // Help videos and procedure links of the screen (spec 000 §2.3; help.load skips Login itself).
  const matches = useMatches();
  const screen = (matches.at(-1)?.handle as { screen?: ScreenRoute | null } | undefined)?.screen ?? null;
  useEffect(() => {
    if (screen && help) void help.load(screen.name);
  }, [help, screen]);

  // A route change closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on the path, by design.
  useEffect(() => setMenuOpen(false), [pathname]);

  return (
    <div className={`shell layout-${layout}`} data-layout={layout} data-interface={iface}>
      <header className="topbar">
        <button
          ref={menuButton}
          type="button"
          className="menu-button"
          aria-expanded={menuOpen}
          aria-controls="screens-menu"
          data-testid="menu-button"
          onClick={() => setMenuOpen((v) => !v)}
        >
          ☰ <span className="menu-label">{t(interfaceLabels[iface])}</span>
        </button>
        {/* Named for when the narrow layouts show the logo alone. */}
        <Link to="/" className="brand" aria-label="Steelworks">
          <span className="logo small" aria-hidden="true">
            SW
          </span>
          <span className="brand-name">Steelworks</span>
        </Link>
        <Switchers iface={iface} />
        {layout === 'shop' ? <BackToOffice /> : null}
        <HubIndicator />
        <span className="status" role="status" aria-live="polite" data-testid="save-status">
          {save.pending ? t('Saving ({{n}})', { n: save.pending }) : ''}
        </span>
        {save.failed.length ? (
          <button type="button" className="warning" onClick={() => setShowFailed((v) => !v)}>
            {t('Failed saves ({{n}})', { n: save.failed.length })}
          </button>
        ) : null}
        <span className="spacer" />
        {/* Global search (issue 16): every record the user may see, from any office screen. */}
        {layout === 'office' ? (
          <Suspense fallback={null}>
            <ShellSearch />
          </Suspense>
        ) : null}
        {/* Help reads the store: its own boundary, so the shell and the screen never wait for it. */}
        <Suspense fallback={null}>
          <HelpMenu />
        </Suspense>
        <Suspense fallback={null}>
          <NotificationBell />
        </Suspense>
        <span className="who">{user?.Name}</span>
        <button type="button" onClick={() => session.send({ type: 'session.logout' })}>
          {t('Log out')}
        </button>
      </header>
      {menuOpen ? (
        <div id="screens-menu" className="screens-menu-wrap">
          <ScreensMenu
            iface={iface}
            onClose={() => {
              setMenuOpen(false);
              menuButton.current?.focus();
            }}
          />
        </div>
      ) : null}
      <div className={loading ? 'loading-bar active' : 'loading-bar'} aria-hidden={!loading} />
      {showFailed && save.failed.length ? (
        <aside className="card failed-saves" aria-label="Failed saves">
          <h2>{t('Failed saves')}</h2>
          <FailedSavesList />
        </aside>
      ) : null}
      <main className="content">
        <Outlet />
      </main>
      {message ? (
        // Cannot be closed: no close button, and the backdrop does nothing (spec 000 §2.3).
        <div className="backdrop" style={{ zIndex: 150 }}>
          <div className="alert alert-info" role="alertdialog" aria-live="assertive">
            <p>{t(message)}</p>
          </div>
        </div>
      ) : null}
    </div>
  );
}
