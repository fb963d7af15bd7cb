import { z } from 'zod';
import { defineCall } from '../contract/call';
import { Text } from '../contract/fields';

/**
 * One committed change of one document on one topic (brief §5). `seq` is the topic's sequence number:
 * readers see a topic's changes in commit order with no gap. `doc` is the projected document the
 * screens show (never a bare id), or null when the document was deleted. `origin` is the hub
 * connection id of the writer (the ConnectionID header), so a tab can recognise its own echo.
 */
export const ChangeItem = z.object({
  topic: z.string(),
  seq: z.number().int().positive(),
  collection: z.string(),
  id: z.string(),
  doc: z.record(z.string(), z.unknown()).nullable(),
  origin: z.string().nullable(),
});
export type ChangeItem<D = Record<string, unknown>> = Omit<z.infer<typeof ChangeItem>, 'doc'> & {
  doc: D | null;
};

/** A change a write produces before it has a sequence number (the server assigns it at commit). */
export type PendingChange = Omit<ChangeItem, 'seq' | 'origin'>;

/** Most changes sync/Pull returns at once. */
export const PULL_LIMIT_MAX = 1000;

/**
 * Beyond the spec (brief §6): catch up a topic from a sequence number. `documents` are the changes
 * after `Since`, in sequence order, at most `Limit`; `checkpoint.seq` is the last one returned (or
 * `Since` when none). When `Since` is older than what the server still keeps change by change
 * (compaction), the answer is a snapshot: the latest state of every document of the topic, with
 * `snapshot: true`, so the client replaces what it holds instead of merging.
 */
export const SyncPull = defineCall({
  method: 'GET',
  path: 'sync/Pull',
  summary:
    'Changes of one topic after a sequence number, in order (a snapshot when that point was compacted away).',
  // Public for public topics (TV boards have no login); every other topic needs a session (sync/Pull's
  // handler answers 401 without one, like a 'user' call) and its topic rule's flags.
  access: 'public',
  payload: z.object({
    Topic: Text(200).min(1),
    Since: z.number().int().min(0),
    Limit: z.number().int().min(1).max(PULL_LIMIT_MAX).optional(),
  }),
  result: z.object({
    documents: z.array(ChangeItem),
    checkpoint: z.object({ seq: z.number().int().min(0) }),
    snapshot: z.boolean(),
    latestSeq: z.number().int().min(0),
  }),
});
