import { type ReactNode, useCallback, useEffect, useMemo, useReducer, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { plants, plantTimeZone } from '../../../domain/platform/plants';
import { DISPLAY_KIND, type DisplayCommand, displayTopic } from '../../../domain/tv/display';
import { hubStatus } from '../../../machines/hub-connection.machine';
import { useStore } from '../../app/context';
import { shellState } from '../../app/shell-state';
import { useT } from '../../i18n';
import { formatTime } from '../../ui/format';
import { appliedAt, displayId, markApplied, shouldApply } from './display';
import { TvFeedProvider, type TvFeedSource, useTvTopic } from './feed';
import { type FeedEvent, feedReducer, feedStatus, initialFeedState } from './feed-status';
import { TvAlertStrip } from './tv-alerts';

/** The current time, once a second (the clock and the stale check share it). */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/**
 * The TV remote, on every board: follows this TV's `display:{code}` topic and goes where a newer
 * command says (domain/tv/display.ts), remembering it as the TV's board (spec 000 §2.3).
 */
function DisplayRemote({ id }: { id: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const { docs } = useTvTopic(displayTopic(id), 'boardItems', { Kind: DISPLAY_KIND, Key: id });
  const command = (docs[0]?.Data as DisplayCommand | undefined) ?? null;
  const here = `${location.pathname}${location.search}`;
  useEffect(() => {
    if (!command || !shouldApply(command, appliedAt(), here)) return;
    markApplied(command.SentAt);
    shellState.rememberTvPath(command.Path);
    navigate(command.Path);
  }, [command, here, navigate]);
  return null;
}

export interface TvBoardProps {
  /** The board's name, in the header. */
  name: string;
  /** The plant whose local time the clock shows (spec 000 §9 time zones); null: the default zone. */
  plantId?: number | null;
  children: ReactNode;
}

/**
 * The frame of every TV board: a full-screen dark layout for 1920×1080, a header with the board's name,
 * the plant's local clock and the live/stale indicator, and the context its `useTvTopic` calls report
 * to. The store (anonymous hub, live feed, RxDB) is attached by the router on /tv/ pages; until it is,
 * the board shows its frame and "Reconnecting…".
 */
export function TvBoard({ name, plantId = null, children }: TvBoardProps) {
  const t = useT();
  const store = useStore();
  const now = useNow();
  const [feed, dispatch] = useReducer(feedReducer, undefined, () => initialFeedState(Date.now()));
  const report = useCallback((event: FeedEvent) => dispatch(event), []);

  const hub = store?.hub;
  useEffect(() => {
    if (!hub) return;
    const update = () =>
      dispatch({ type: 'hub', connected: hubStatus(hub.getSnapshot()) === 'live', at: Date.now() });
    update();
    const subscription = hub.subscribe(update);
    return () => subscription.unsubscribe();
  }, [hub]);

  // One object per store: the topic hooks follow again only when it changes.
  const source = useMemo<TvFeedSource | null>(
    () => (store ? { db: store.db, live: store.live } : null),
    [store],
  );
  const code = useMemo(displayId, []);
  const tz = plantTimeZone(plantId);
  const plant = plants.find((p) => p.PlantID === plantId);
  const status = feedStatus(feed, now);
  const asOf = status.asOf === null ? null : formatTime(status.asOf, tz);
  const label =
    status.kind === 'live'
      ? t('Live')
      : status.kind === 'reconnecting'
        ? t('Reconnecting…')
        : asOf
          ? t('Data as of {{time}} (stale)', { time: asOf })
          : t('No live data (stale)');

  return (
    <div className="tv-board" data-testid="tv-board">
      <header className="tv-header">
        <h1 className="tv-title">{t(name)}</h1>
        <div className="tv-clock" data-testid="tv-clock" data-tz={tz}>
          <span className="tv-clock-time">{formatTime(now, tz)}</span>
          <span className="tv-clock-zone">
            {plant ? `${plant.PlantName} · ` : ''}
            {tz}
            {' · '}
            <span data-testid="tv-code" title={t('The code the TV remote asks for')}>
              {t('TV {{code}}', { code })}
            </span>
          </span>
        </div>
        <output
          className={`tv-feed tv-feed-${status.kind}`}
          data-testid="tv-feed"
          data-state={status.kind}
          aria-live="polite"
        >
          <span className="tv-feed-dot" aria-hidden="true" />
          {label}
        </output>
      </header>
      <main className="tv-body">
        <TvFeedProvider source={source} report={report}>
          <DisplayRemote id={code} />
          {plantId !== null && <TvAlertStrip plantId={plantId} />}
          {children}
        </TvFeedProvider>
      </main>
    </div>
  );
}
