/**
 * Shared by the benchmark's processes. Every peer delivers the same messages: a JSON array of change
 * items exactly as our hub streams them (`ChangeItem`: topic, seq, collection, id, doc, origin), one item
 * per change, each about 1 KB. One message carries one change, or `batch` changes in the batched mode.
 * Each peer wraps the array in its own framing: bare ws sends the array as the text frame, socket.io as
 * `42["changes",[...]]`, our hub as the SignalR invocation `{"type":1,"target":"changes","arguments":[[...]]}`.
 * The receiving clients measure the bytes of every frame, and the run prints them.
 */
import type { ChangeItem } from '../../domain/live/changes';

/** Epoch milliseconds with sub-millisecond precision, comparable across processes on one machine. */
export const now = () => performance.timeOrigin + performance.now();

export const TOPIC = 'employee:1001';

/** The document of a change; `i` numbers the changes of one server process from 0. */
export interface Doc {
  i: number;
  /** When the server built the change (ms, `now()`). The latency reference is reported separately. */
  t: number;
  pad: string;
  [key: string]: unknown;
}

const PAD = 'x'.repeat(880);

/** The document of change `i`: with the item's other fields the item's JSON is about 1 KB. */
export function doc(i: number): Doc {
  return { i, t: now(), pad: PAD };
}

/**
 * Change `i` as the hub delivers it. The bare peers (and the hub's fan-out-only mode) number it
 * 1,000,000 + i so that its JSON has the same length as the hub's.
 */
export function changeItem(i: number): ChangeItem<Doc> {
  return { topic: TOPIC, seq: 1_000_000 + i, collection: 'employees', id: '1001', doc: doc(i), origin: null };
}

/** Control messages from the orchestrator to a peer server (JSON lines on stdin). */
export type Command =
  | {
      cmd: 'broadcast';
      /** Changes to send. */
      count: number;
      /** Changes per message (1 = one frame per change). */
      batch: number;
      /** Pause between messages; 0 = as fast as the server can (yielding to I/O every 20 messages). */
      intervalMs: number;
      /** Our hub only: true = each message is a real write (a transaction appends its changes to the
       * change log and commits) before the backplane hands it to the hub; false = changes that are
       * already sequenced go straight to the backplane (the fan-out alone). */
      commit: boolean;
    }
  | { cmd: 'cpu' }
  /** Answer {settled} once the server has finished the work that `connections` connecting caused. */
  | { cmd: 'settle'; connections: number }
  | { cmd: 'stop' };

/** A server's answer to a broadcast. */
export interface Sent {
  sent: number;
  frames: number;
  /** When the server started the first message (ms, `now()`). */
  startedAt: number;
  /** Per message: [index of its first change, the latency reference: emit (bare peers) or commit (hub)]. */
  refs: Array<[number, number]>;
}
