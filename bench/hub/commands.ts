import { createInterface } from 'node:readline';
import type { Command } from './protocol';

/** Reads the orchestrator's commands from stdin and broadcasts as told; prints {sent} when a burst is out. */
export function runCommands(send: (i: number, commit: boolean) => void | Promise<void>) {
  let next = 0;
  createInterface({ input: process.stdin }).on('line', async (line) => {
    const command = JSON.parse(line) as Command;
    if (command.cmd === 'stop') process.exit(0);
    const cpu = process.cpuUsage();
    const started = performance.now();
    for (let k = 0; k < command.count; k++) {
      await send(next++, command.commit !== false);
      if (command.intervalMs) await new Promise((r) => setTimeout(r, command.intervalMs));
      else if (k % 20 === 19) await new Promise((r) => setImmediate(r));
    }
    const used = process.cpuUsage(cpu);
    // CPU the server spent producing the burst (user + system), against the wall time it took.
    console.log(
      JSON.stringify({
        sent: command.count,
        ms: performance.now() - started,
        cpuMs: (used.user + used.system) / 1000,
      }),
    );
  });
}
