import { HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import type { BackoffOptions } from '../../machines/backoff';
import { type HubConnectionFactory, reconnectPolicy } from '../../machines/hub-connection.machine';
import { type DroppedTopic, HUB_DROPPED_TARGET } from './hub-events';

export interface SignalRFactoryOptions {
  /** The hub's address; default `/hub` on this origin. */
  url?: string;
  /** The interface the tab works in, sent as `?interface=` (read at each connect). */
  getInterface: () => string;
  /** The client's own reconnect delays (the machine's for restarts); default HUB_BACKOFF. */
  backoff?: BackoffOptions;
  /** The hub stopped sending these topics: the user's permissions changed (issue 14 §2). */
  onDropped?: (items: DroppedTopic[]) => void;
}

/**
 * Builds the real connections for the hub-connection machine: the official `@microsoft/signalr` client
 * with {@link reconnectPolicy} (never null; the default gives up after four tries, brief §8), the session token
 * through `accessTokenFactory` (none: anonymous, public topics only), and the client's default 15 s
 * keep-alive and 30 s server timeout, which match the hub's. The machine restarts a connection the
 * client closes for good (a failed start, or the server's Close without allowReconnect).
 */
export function signalRConnectionFactory(options: SignalRFactoryOptions): HubConnectionFactory {
  const url = options.url ?? '/hub';
  return ({ token }) => {
    const connection = new HubConnectionBuilder()
      .withUrl(
        `${url}?interface=${encodeURIComponent(options.getInterface())}`,
        token ? { accessTokenFactory: () => token } : {},
      )
      .withAutomaticReconnect(reconnectPolicy(options.backoff))
      // A board retrying for hours logs one line per failed try; warnings only while developing.
      .configureLogging(import.meta.env.DEV ? LogLevel.Warning : LogLevel.Error)
      .build();
    // Not through the machine: a dropped topic needs no state change there (it is refused again, with
    // its sentence, on the next reconnect), only telling the user.
    connection.on(HUB_DROPPED_TARGET, (items: DroppedTopic[]) => options.onDropped?.(items));
    return connection;
  };
}
