import { createInterface } from 'node:readline';
import { type Command, now, type Sent } from './protocol';

/**
 * Reads the orchestrator's commands from stdin. `send(first, count, commit)` sends one message holding
 * changes first … first+count-1 and resolves to that message's latency reference (the moment it was
 * emitted; for our hub the moment its write committed). Prints a `Sent` line when a broadcast is out,
 * `{cpuMs}` (this process's user + system CPU so far) for `cpu`, `{settled}` for `settle`.
 */
export function runCommands(
  send: (first: number, count: number, commit: boolean) => number | Promise<number>,
  settle: (connections: number) => Promise<void> = async () => {},
) {
  let next = 0;
  createInterface({ input: process.stdin }).on('line', async (line) => {
    const command = JSON.parse(line) as Command;
    if (command.cmd === 'stop') process.exit(0);
    if (command.cmd === 'settle') {
      await settle(command.connections);
      console.log(JSON.stringify({ settled: true }));
      return;
    }
    if (command.cmd === 'cpu') {
      const used = process.cpuUsage();
      console.log(JSON.stringify({ cpuMs: (used.user + used.system) / 1000 }));
      return;
    }
    const startedAt = now();
    const refs: Array<[number, number]> = [];
    let frames = 0;
    for (let k = 0; k < command.count; k += command.batch) {
      const first = next;
      const count = Math.min(command.batch, command.count - k);
      next += count;
      const ref = await send(first, count, command.commit);
      frames++;
      // Only the latency phase needs them; a burst's thousands would bloat the line for nothing.
      if (command.intervalMs) {
        refs.push([first, ref]);
        await new Promise((r) => setTimeout(r, command.intervalMs));
      } else if (frames % 20 === 0) {
        // Let the sockets drain now and then, as a server does between incoming requests.
        await new Promise((r) => setImmediate(r));
      }
    }
    const sent: Sent = { sent: command.count, frames, startedAt, refs };
    console.log(JSON.stringify(sent));
  });
}
