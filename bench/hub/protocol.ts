/**
 * Shared by the benchmark's processes. Every peer broadcasts the same 1 KB payload; its `t` is the
 * moment the server emitted it (for our hub: the moment the change committed), as epoch milliseconds
 * with sub-millisecond precision, comparable across processes on one machine.
 */
export const now = () => performance.timeOrigin + performance.now();

export interface Payload {
  i: number;
  t: number;
  pad: string;
}

/** A 1 KB message: the pad makes the JSON of the whole payload about 1024 bytes. */
export function payload(i: number): Payload {
  return { i, t: now(), pad: 'x'.repeat(1024 - 40) };
}

/** Control messages from the orchestrator to a peer server (JSON lines on stdin). */
export type Command =
  | {
      cmd: 'broadcast';
      count: number;
      intervalMs: number;
      /** Our hub only: false sends changes that are already committed (fan-out alone). Default true. */
      commit?: boolean;
    }
  | { cmd: 'stop' };
