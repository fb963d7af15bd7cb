// npm run bench:hub — for each peer (bare ws, socket.io 4, our hub): 500 connections on loopback
// receiving 1 KB changes. Phase 1: one change per second to all 500 for LATENCY_SECONDS: p50 and p99
// from commit (emit) to receipt. Phase 2: bursts of BURST changes sent as fast as the server can;
// the best burst's rate is the sustained outbound rate (messages delivered per second). Prints a
// table and the ratios.
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const N = Number(process.env.BENCH_CONNECTIONS ?? 500);
const LATENCY_SECONDS = Number(process.env.BENCH_LATENCY_SECONDS ?? 15);
const BURST = Number(process.env.BENCH_BURST ?? 200);
const BURSTS = Number(process.env.BENCH_BURSTS ?? 3);
const here = new URL('.', import.meta.url).pathname;

interface Line {
  [key: string]: unknown;
}

function start(
  script: string,
  args: string[] = [],
): { child: ChildProcess; next: (pred: (l: Line) => boolean) => Promise<Line>; send: (s: string) => void } {
  // BENCH_PROFILE=dir writes a V8 CPU profile of each server process into dir.
  const profile =
    process.env.BENCH_PROFILE && script.startsWith('server')
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
      : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', join(here, script), ...args], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines: Line[] = [];
  const waiters: Array<{ pred: (l: Line) => boolean; resolve: (l: Line) => void }> = [];
  createInterface({ input: child.stdout! }).on('line', (text) => {
    let line: Line;
    try {
      line = JSON.parse(text);
    } catch {
      return;
    }
    const w = waiters.findIndex((x) => x.pred(line));
    if (w >= 0) waiters.splice(w, 1)[0]!.resolve(line);
    else lines.push(line);
  });
  return {
    child,
    send: (s) => child.stdin!.write(`${s}\n`),
    next: (pred) => {
      const i = lines.findIndex(pred);
      if (i >= 0) return Promise.resolve(lines.splice(i, 1)[0]!);
      return new Promise((resolve) => waiters.push({ pred, resolve }));
    },
  };
}

interface Result {
  peer: string;
  p50: number;
  p99: number;
  /** Fan-out of committed changes (the peers commit nothing either). */
  rate: number;
  /** Our hub: the rate when every change also commits a transaction in the same process. */
  withCommit: number | null;
}

async function measure(peer: string, serverScript: string, client: string): Promise<Result> {
  const server = start(serverScript);
  const ready = await server.next((l) => l.ready === true);
  const clients = start('clients.ts', [
    client,
    String(ready.url),
    String(N),
    String(ready.token ?? ''),
    String(ready.topic ?? ''),
  ]);
  await clients.next((l) => l.ready === true);
  // Warm-up, then the latency phase at one change per second.
  server.send(JSON.stringify({ cmd: 'broadcast', count: 3, intervalMs: 200 }));
  await server.next((l) => l.sent !== undefined);
  await new Promise((r) => setTimeout(r, 500));
  clients.send('report');
  await clients.next((l) => l.report === true);
  server.send(JSON.stringify({ cmd: 'broadcast', count: LATENCY_SECONDS, intervalMs: 1000 }));
  await server.next((l) => l.sent !== undefined);
  await new Promise((r) => setTimeout(r, 1000));
  clients.send('report');
  const latency = await clients.next((l) => l.report === true);
  // Throughput: the highest of BURSTS bursts, so one noisy moment on a shared 2-core machine does not
  // decide a peer's figure. For our hub, twice: fan-out of committed changes (comparable with the
  // peers, which commit nothing), and with a commit per change in the same process.
  const burstRate = async (commit: boolean): Promise<number> => {
    let best = 0;
    for (let b = 0; b < BURSTS; b++) {
      clients.send(`expect ${BURST}`);
      await new Promise((r) => setTimeout(r, 100));
      server.send(JSON.stringify({ cmd: 'broadcast', count: BURST, intervalMs: 0, commit }));
      const done = await clients.next((l) => l.done === true);
      const sent = await server.next((l) => l.sent !== undefined);
      if (process.env.BENCH_VERBOSE) {
        console.log(
          `  ${peer}${commit ? '' : ' (fan-out)'} burst ${b + 1}: clients ${Math.round(Number(done.elapsedMs))} ms wall, ${Math.round(Number(done.cpuMs))} ms CPU; server sent in ${Math.round(Number(sent.ms))} ms, ${Math.round(Number(sent.cpuMs))} ms CPU`,
        );
      }
      clients.send('report');
      await clients.next((l) => l.report === true);
      best = Math.max(best, (BURST * N) / (Number(done.elapsedMs) / 1000));
      await new Promise((r) => setTimeout(r, 500));
    }
    return best;
  };
  const isHub = peer.startsWith('hub');
  const bestRate = await burstRate(false);
  const withCommit = isHub ? await burstRate(true) : null;
  clients.send('stop');
  server.send(JSON.stringify({ cmd: 'stop' }));
  await Promise.all([server.child, clients.child].map((c) => new Promise((r) => c.once('exit', r))));
  return {
    peer,
    p50: Number(latency.p50),
    p99: Number(latency.p99),
    rate: bestRate,
    withCommit,
  };
}

// [peer, server script, receiving client]. Our hub is measured twice: with a lean raw-protocol client
// (like the bare-ws peer's) and with the official @microsoft/signalr client.
const peers: Array<[string, string, string]> = [
  ['ws', 'server-ws.ts', 'ws'],
  ['socketio', 'server-socketio.ts', 'socketio'],
  ['hub', 'server-hub.ts', 'hub-raw'],
  ['hub-official', 'server-hub.ts', 'hub'],
];
const only = process.env.BENCH_PEERS?.split(',');
const results: Result[] = [];
for (const [peer, script, client] of peers) {
  if (only && !only.includes(peer)) continue;
  process.stdout.write(`measuring ${peer} with ${N} connections...\n`);
  results.push(await measure(peer, script, client));
}

const names: Record<string, string> = {
  ws: 'bare ws broadcast',
  socketio: 'socket.io 4',
  hub: 'our hub (commit to receipt)',
  'hub-official': 'our hub, official client',
};
console.log(
  `\n${N} connections, 1 KB changes; latency at 1 change/s for ${LATENCY_SECONDS}s; rate: best of ${BURSTS} bursts of ${BURST}\n`,
);
console.log('peer                          p50 ms   p99 ms   outbound msgs/s   with a commit each');
for (const r of results) {
  console.log(
    `${names[r.peer]!.padEnd(30)}${r.p50.toFixed(2).padStart(7)}${r.p99.toFixed(2).padStart(9)}${Math.round(r.rate).toString().padStart(18)}${(r.withCommit === null ? '-' : Math.round(r.withCommit).toString()).padStart(20)}`,
  );
}
const hub = results.find((r) => r.peer === 'hub');
if (hub) {
  for (const other of results.filter((r) => r !== hub && r.peer !== 'hub-official')) {
    console.log(
      `hub vs ${names[other.peer]}: p99 ${(hub.p99 / other.p99).toFixed(2)}x, outbound rate ${(hub.rate / other.rate).toFixed(2)}x (with a commit per change ${((hub.withCommit ?? 0) / other.rate).toFixed(2)}x)`,
    );
  }
  console.log(
    `targets: p99 <= 50 ms: ${hub.p99 <= 50 ? 'met' : 'NOT met'}; outbound rate >= socket.io: ${results.some((r) => r.peer === 'socketio' && hub.rate >= r.rate) ? 'met' : 'NOT met'}`,
  );
}
