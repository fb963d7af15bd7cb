import { SyncPull } from '../../domain/live/changes';
import { authorizeTopic } from '../../domain/live/topics';
import { forbidden } from '../rpc/errors';
import type { CallRegistry } from '../rpc/registry';
import { pull } from './feed.service';

/** Registers sync/Pull (brief §6): catch up one topic the caller may follow. */
export function registerFeedCalls(registry: CallRegistry): void {
  registry.handle(SyncPull, async ({ db, user, payload }) => {
    const refusal = authorizeTopic(user && { employeeId: user.employeeId, flags: user.flags }, payload.Topic);
    if (refusal) throw forbidden(refusal);
    return pull(db, payload.Topic, payload.Since, payload.Limit);
  });
}
