import { EXPIRED_401_TEXT } from '../../domain/contract/wire';
import { SyncPull } from '../../domain/live/changes';
import { authorizeTopic } from '../../domain/live/topics';
import { forbidden, Unauthorized } from '../rpc/errors';
import type { CallRegistry } from '../rpc/registry';
import { pull } from './feed.service';

/** Registers sync/Pull (brief §6): catch up one topic the caller may follow. */
export function registerFeedCalls(registry: CallRegistry): void {
  registry.handle(SyncPull, async ({ db, user, payload }) => {
    // The call is public so an unattended TV (no login) can catch up a public topic; any other topic
    // without a valid session is a 401 as for every 'user' call, so an expired session still ends.
    if (!user && authorizeTopic(null, payload.Topic) !== null) throw new Unauthorized(EXPIRED_401_TEXT);
    const refusal = authorizeTopic(user, payload.Topic);
    if (refusal) throw forbidden(refusal);
    return pull(db, payload.Topic, payload.Since, payload.Limit);
  });
}
