// npm run bench:hub — our hub against socket.io 4 and a bare `ws` broadcast, 500 connections on loopback
// receiving the same ~1 KB change items (bench/README.md has the method and the figures).
//
// Each peer's server runs in its own process, pinned with `taskset` to one core, and its 500 clients in
// another process pinned to the other core. The peers are interleaved over BENCH_ROUNDS rounds in a
// rotating order (A B C, B C A, C A B, ...), each round with fresh processes, so a noisy moment on the
// shared machine lands on one round of one peer instead of deciding a figure. Per round and peer:
//   1. latency: BENCH_LATENCY_CHANGES changes, one message each, BENCH_LATENCY_INTERVAL_MS apart; for
//      every change and connection, receipt − reference (bare peers: the emit; our hub: the commit of
//      the write that appended the change to the change log); the round's p50 and p99;
//   2. outbound rate, one frame per change: BENCH_BURSTS bursts of BENCH_BURST changes as fast as the
//      server sends them; changes delivered per second (changes × connections / (last receipt − burst
//      start)); the round's figure is the median burst;
//   3. outbound rate, batched: the same with BENCH_BATCH changes per message for every peer.
//   Our hub also measures 2 and 3 with a real commit per message (PGlite in the hub's process).
// The summary gives, per metric, the median over rounds with min–max, and the ratio of the medians.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Sent } from './protocol';
import { formatSpread, percentile, ratioOfMedians, roundOrder, type Spread, spread } from './stats';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const N = env('BENCH_CONNECTIONS', 500);
const ROUNDS = env('BENCH_ROUNDS', 5);
const LATENCY_CHANGES = env('BENCH_LATENCY_CHANGES', 20);
const LATENCY_INTERVAL_MS = env('BENCH_LATENCY_INTERVAL_MS', 500);
const BURST = env('BENCH_BURST', 200);
const BURSTS = env('BENCH_BURSTS', 3);
const BATCH = env('BENCH_BATCH', 10);
const HUB_COMMIT_RATES = process.env.BENCH_HUB_COMMIT_RATES !== '0';
const TIMEOUT_MS = env('BENCH_TIMEOUT_MS', 180_000);
const BURST_TIMEOUT_MS = env('BENCH_BURST_TIMEOUT_MS', 60_000);
const here = new URL('.', import.meta.url).pathname;

type PeerName = 'ws' | 'socketio' | 'hub';
const ALL_PEERS: PeerName[] = ['ws', 'socketio', 'hub'];
const PEERS = (process.env.BENCH_PEERS?.split(',') ?? ALL_PEERS).filter((p): p is PeerName =>
  ALL_PEERS.includes(p as PeerName),
);
const LABEL: Record<PeerName, string> = { ws: 'bare ws', socketio: 'socket.io 4', hub: 'our hub' };
const SCRIPT: Record<PeerName, string> = {
  ws: 'server-ws.ts',
  socketio: 'server-socketio.ts',
  hub: 'server-hub.ts',
};

// Pinning: servers on one core, clients on another, when taskset exists and there are two cores.
// BENCH_PIN=0 turns it off; BENCH_SERVER_CPU / BENCH_CLIENT_CPU choose the cores.
const canPin =
  process.env.BENCH_PIN !== '0' &&
  availableParallelism() >= 2 &&
  spawnSync('taskset', ['-c', '0', 'true']).status === 0;
const SERVER_CPU = process.env.BENCH_SERVER_CPU ?? '0';
const CLIENT_CPU = process.env.BENCH_CLIENT_CPU ?? '1';

type Line = Record<string, unknown>;
interface Proc {
  child: ChildProcess;
  next: (pred: (l: Line) => boolean, what: string, timeoutMs?: number) => Promise<Line>;
  send: (s: string) => void;
  exited: Promise<unknown>;
}

function start(script: string, args: string[], cpu: string | null): Proc {
  // BENCH_PROFILE=dir writes a V8 CPU profile of each server process into dir.
  const profile =
    process.env.BENCH_PROFILE && script.startsWith('server')
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
      : [];
  const argv = [...profile, '--import', 'tsx', join(here, script), ...args];
  const child =
    cpu !== null
      ? spawn('taskset', ['-c', cpu, process.execPath, ...argv], { stdio: ['pipe', 'pipe', 'inherit'] })
      : spawn(process.execPath, argv, { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
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
    exited,
    send: (s) => child.stdin!.write(`${s}\n`),
    next: (pred, what, timeoutMs = TIMEOUT_MS) => {
      const i = lines.findIndex(pred);
      if (i >= 0) return Promise.resolve(lines.splice(i, 1)[0]!);
      return new Promise((resolve, reject) => {
        const waiter = {
          pred,
          resolve: (l: Line) => {
            clearTimeout(timer);
            resolve(l);
          },
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`${script}: no ${what} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.push(waiter);
        void exited.then(() => {
          clearTimeout(timer);
          reject(new Error(`${script} exited while waiting for ${what}`));
        });
      });
    },
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Burst {
  /** Changes delivered per second: changes × connections / (last receipt − burst start). */
  rate: number;
  /** Server CPU (user + system) per frame written to one connection, µs. */
  serverUsPerFrame: number;
  /** Client process CPU / wall time over the burst: near 1 means the clients' core was the limit. */
  clientBusy: number;
  /** Bytes of one frame as received (WebSocket payload). */
  frameBytes: number;
}

interface PeerRound {
  p50: number;
  p99: number;
  /** Receipts expected but not seen in the latency phase (should be 0). */
  missing: number;
  single: Burst;
  batched: Burst;
  singleCommit: Burst | null;
  batchedCommit: Burst | null;
}

const medianBurst = (bursts: Burst[]): Burst => {
  const m = (f: (b: Burst) => number) => spread(bursts.map(f)).median;
  return {
    rate: m((b) => b.rate),
    serverUsPerFrame: m((b) => b.serverUsPerFrame),
    clientBusy: m((b) => b.clientBusy),
    frameBytes: m((b) => b.frameBytes),
  };
};

async function measure(peer: PeerName, hubTemplate: string | null, round: number): Promise<PeerRound> {
  let dataDir: string | null = null;
  const args: string[] = [];
  if (peer === 'hub') {
    // A fresh copy of the prepared database each round: every round starts from the same change log.
    dataDir = mkdtempSync(join(tmpdir(), `bench-hub-r${round}-`));
    cpSync(hubTemplate!, dataDir, { recursive: true });
    args.push(dataDir);
  }
  const server = start(SCRIPT[peer], args, canPin ? SERVER_CPU : null);
  let clients: Proc | null = null;
  try {
    const ready = await server.next((l) => l.ready === true, 'ready');
    clients = start(
      'clients.ts',
      [peer, String(ready.url), String(N), String(ready.token ?? ''), String(ready.topic ?? '')],
      canPin ? CLIENT_CPU : null,
    );
    const c = clients;
    await c.next((l) => l.ready === true, 'clients ready');
    server.send(JSON.stringify({ cmd: 'settle', connections: N }));
    await server.next((l) => l.settled === true, 'settled');
    // Changes sent so far: every connection must have received them all before the next phase starts.
    let total = 0;
    const broadcast = async (count: number, batch: number, intervalMs: number, commit: boolean) => {
      total += count;
      server.send(JSON.stringify({ cmd: 'broadcast', count, batch, intervalMs, commit }));
      return (await server.next((l) => l.sent !== undefined, 'sent')) as unknown as Sent;
    };
    const received = (what: string) =>
      c
        .next((l) => l.done === true, what, BURST_TIMEOUT_MS)
        .catch(async (error) => {
          c.send('count');
          const count = await c.next((l) => l.count !== undefined, 'count', 10_000);
          throw new Error(`${(error as Error).message} (clients: ${JSON.stringify(count)})`);
        });
    const allReceived = (what: string) => {
      c.send(`expect ${total}`);
      return received(what);
    };
    const serverCpu = async () => {
      server.send(JSON.stringify({ cmd: 'cpu' }));
      return Number((await server.next((l) => l.cpuMs !== undefined, 'cpu')).cpuMs);
    };

    // Warm-up (JIT, first writes), not measured.
    await broadcast(5, 1, 100, true);
    await allReceived('warm-up');
    c.send('forget');

    // 1. Latency, one change per message.
    const sent = await broadcast(LATENCY_CHANGES, 1, LATENCY_INTERVAL_MS, true);
    await allReceived('latency changes');
    c.send('report');
    const { receipts } = (await c.next((l) => l.report === true, 'report')) as unknown as {
      receipts: Record<string, number[]>;
    };
    const latencies: number[] = [];
    for (const [i, ref] of sent.refs) for (const at of receipts[i] ?? []) latencies.push(at - ref);

    // 2 and 3. Outbound rate: bursts as fast as the server goes.
    const bursts = async (batch: number, commit: boolean): Promise<Burst> => {
      const out: Burst[] = [];
      for (let b = 0; b < BURSTS; b++) {
        // Expect first: the clients' CPU, frame and byte counts start before the first frame arrives.
        c.send(`expect ${total + BURST}`);
        const cpu0 = await serverCpu();
        const s = await broadcast(BURST, batch, 0, commit);
        const done = await received(`burst (batch ${batch}, commit ${commit})`);
        const cpuMs = (await serverCpu()) - cpu0;
        const elapsedMs = Number(done.doneAt) - s.startedAt;
        const frames = Number(done.frames);
        out.push({
          rate: (BURST * N) / (elapsedMs / 1000),
          serverUsPerFrame: (cpuMs * 1000) / frames,
          clientBusy: Number(done.cpuMs) / elapsedMs,
          frameBytes: Number(done.bytes) / frames,
        });
        c.send('forget');
        await sleep(300);
      }
      return medianBurst(out);
    };
    await broadcast(50, 1, 0, false); // warm the burst path
    await allReceived('warm-up burst');
    c.send('forget');
    const single = await bursts(1, false);
    const batched = await bursts(BATCH, false);
    const withCommit = peer === 'hub' && HUB_COMMIT_RATES;
    const singleCommit = withCommit ? await bursts(1, true) : null;
    const batchedCommit = withCommit ? await bursts(BATCH, true) : null;
    return {
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      missing: LATENCY_CHANGES * N - latencies.length,
      single,
      batched,
      singleCommit,
      batchedCommit,
    };
  } finally {
    clients?.send('stop');
    server.send(JSON.stringify({ cmd: 'stop' }));
    const stopped = Promise.all([server.exited, clients?.exited]);
    if ((await Promise.race([stopped.then(() => true), sleep(10_000).then(() => false)])) === false) {
      server.child.kill('SIGKILL');
      clients?.child.kill('SIGKILL');
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

async function prepareHubTemplate(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-hub-template-'));
  const p = start('server-hub.ts', [dir, 'prepare'], null);
  await p.next((l) => l.prepared === true, 'prepared database');
  await p.exited;
  return dir;
}

// ---------------------------------------------------------------------------------------------------

const started = new Date();
console.log(
  `bench:hub ${started.toISOString()}: ${PEERS.map((p) => LABEL[p]).join(', ')}; ${N} connections; ${ROUNDS} rounds; ` +
    (canPin
      ? `servers pinned to CPU ${SERVER_CPU}, clients to CPU ${CLIENT_CPU} (taskset)`
      : 'no pinning (taskset or a second core missing, or BENCH_PIN=0)'),
);
const hubTemplate = PEERS.includes('hub') ? await prepareHubTemplate() : null;
const results: Record<PeerName, PeerRound[]> = { ws: [], socketio: [], hub: [] };
const rounds: Array<{ round: number; order: PeerName[] }> = [];
try {
  for (let r = 0; r < ROUNDS; r++) {
    const order = roundOrder(PEERS, r);
    rounds.push({ round: r + 1, order });
    for (const peer of order) {
      try {
        const result = await measure(peer, hubTemplate, r);
        results[peer].push(result);
        const f = (b: Burst | null) => (b ? Math.round(b.rate).toLocaleString('en-US') : '-');
        console.log(
          `round ${r + 1} ${LABEL[peer].padEnd(12)} p50 ${result.p50.toFixed(2)} ms, p99 ${result.p99.toFixed(2)} ms` +
            `${result.missing ? ` (${result.missing} receipts missing)` : ''}; changes/s: 1 per frame ${f(result.single)}, ` +
            `${BATCH} per frame ${f(result.batched)}` +
            (result.singleCommit
              ? `; with a commit per message ${f(result.singleCommit)} / ${f(result.batchedCommit)}`
              : '') +
            `; clients' core busy ${Math.round(result.single.clientBusy * 100)}% / ${Math.round(result.batched.clientBusy * 100)}%`,
        );
      } catch (error) {
        console.log(
          `round ${r + 1} ${LABEL[peer]}: FAILED (${(error as Error).message}); left out of the medians`,
        );
      }
    }
  }
} finally {
  if (hubTemplate) rmSync(hubTemplate, { recursive: true, force: true });
}

// ---------------------------------------------------------------------------------------------------
// Summary

const of = (peer: PeerName, f: (r: PeerRound) => number | undefined) =>
  spread(results[peer].map((r) => f(r) ?? Number.NaN));
const bytesOf = (peer: PeerName, f: (r: PeerRound) => Burst | null) =>
  Math.round(of(peer, (r) => f(r)?.frameBytes).median);

console.log(
  `\nWhat each peer delivers (every frame carries a JSON array of ~1 KB change items; bytes per frame as received):`,
);
const framing: Record<PeerName, string> = {
  ws: '[items] as the text frame',
  socketio: 'Socket.IO event 42["changes",[items]]',
  hub: 'SignalR invocation changes([items]) + 0x1E',
};
for (const peer of PEERS) {
  console.log(
    `  ${LABEL[peer].padEnd(12)} ${framing[peer].padEnd(42)} 1 change/frame: ${bytesOf(peer, (r) => r.single)} B; ` +
      `${BATCH} changes/frame: ${bytesOf(peer, (r) => r.batched)} B`,
  );
}

interface Row {
  label: string;
  delivers: string;
  digits: number;
  pick: (r: PeerRound) => number | undefined;
  better: 'lower' | 'higher';
}
const rows: Row[] = [
  {
    label: 'latency p50, ms',
    delivers: '1 change per frame, 2/s',
    digits: 1,
    pick: (r) => r.p50,
    better: 'lower',
  },
  {
    label: 'latency p99, ms',
    delivers: '1 change per frame, 2/s',
    digits: 1,
    pick: (r) => r.p99,
    better: 'lower',
  },
  {
    label: 'outbound changes/s',
    delivers: '1 change per frame',
    digits: 0,
    pick: (r) => r.single.rate,
    better: 'higher',
  },
  {
    label: 'outbound changes/s',
    delivers: `${BATCH} changes per frame`,
    digits: 0,
    pick: (r) => r.batched.rate,
    better: 'higher',
  },
  {
    label: 'server CPU µs/frame',
    delivers: '1 change per frame',
    digits: 2,
    pick: (r) => r.single.serverUsPerFrame,
    better: 'lower',
  },
  {
    label: 'server CPU µs/frame',
    delivers: `${BATCH} changes per frame`,
    digits: 2,
    pick: (r) => r.batched.serverUsPerFrame,
    better: 'lower',
  },
];
if (LATENCY_INTERVAL_MS !== 500) {
  for (const row of rows.slice(0, 2)) row.delivers = `1 change per frame, every ${LATENCY_INTERVAL_MS} ms`;
}

const col = 28;
console.log(
  `\n${ROUNDS} rounds, ${N} connections; each cell: median over rounds (min–max). Latency: bare peers from the emit, ` +
    `our hub from the commit of the change-log append, to receipt. Rate: median of ${BURSTS} bursts of ${BURST} changes per round.\n`,
);
console.log(
  `${'metric'.padEnd(21)}${'messages (every peer)'.padEnd(26)}${PEERS.map((p) => LABEL[p].padEnd(col)).join('')}` +
    `${
      PEERS.includes('hub')
        ? PEERS.filter((p) => p !== 'hub')
            .map((p) => `hub/${p}`.padEnd(14))
            .join('')
        : ''
    }`,
);
const summary: Record<string, unknown> = {};
for (const row of rows) {
  const cells = PEERS.map((p) => of(p, row.pick));
  const hub = PEERS.includes('hub') ? of('hub', row.pick) : null;
  const ratios = hub
    ? PEERS.filter((p) => p !== 'hub').map((p) => {
        const x = ratioOfMedians(hub, of(p, row.pick));
        return (Number.isFinite(x) ? `${x.toFixed(2)}×` : '—').padEnd(14);
      })
    : [];
  console.log(
    `${row.label.padEnd(21)}${row.delivers.padEnd(26)}${cells.map((s) => formatSpread(s, row.digits).padEnd(col)).join('')}${ratios.join('')}`,
  );
  summary[`${row.label} | ${row.delivers}`] = Object.fromEntries(PEERS.map((p, i) => [p, cells[i]]));
}
console.log('(lower is better for latency and CPU, higher for changes/s)');

let hubCommit: { single: Spread; batched: Spread } | null = null;
if (PEERS.includes('hub') && HUB_COMMIT_RATES) {
  hubCommit = {
    single: of('hub', (r) => r.singleCommit?.rate),
    batched: of('hub', (r) => r.batchedCommit?.rate),
  };
  console.log(
    `\nour hub, every message a real write (a PGlite transaction in the hub's process appends its changes and commits):` +
      `\n  outbound changes/s, 1 change per frame: ${formatSpread(hubCommit.single, 0)}; ${BATCH} changes per frame: ${formatSpread(hubCommit.batched, 0)}` +
      (PEERS.includes('socketio')
        ? ` (vs socket.io ${ratioOfMedians(
            hubCommit.single,
            of('socketio', (r) => r.single.rate),
          ).toFixed(2)}× / ${ratioOfMedians(
            hubCommit.batched,
            of('socketio', (r) => r.batched.rate),
          ).toFixed(2)}×)`
        : ''),
  );
}
const busy = (peer: PeerName) =>
  formatSpread(
    of(peer, (r) => r.single.clientBusy * 100),
    0,
  );
console.log(
  `clients' core busy during 1-per-frame bursts, %: ${PEERS.map((p) => `${LABEL[p]} ${busy(p)}`).join('; ')}` +
    ' (near 100 = the receiving side, not the server, was the limit)',
);

if (PEERS.includes('hub')) {
  const hub = (f: (r: PeerRound) => number | undefined) => of('hub', f);
  const p99 = hub((r) => r.p99);
  const lines = [
    `targets: p99 commit → receipt ≤ 50 ms at ${N} clients: ${p99.median <= 50 ? 'met' : 'NOT met'} (median ${p99.median.toFixed(1)} ms, worst round ${p99.max.toFixed(1)} ms)`,
  ];
  if (PEERS.includes('socketio')) {
    for (const [mode, f] of [
      ['1 change per frame', (r: PeerRound) => r.single.rate],
      [`${BATCH} changes per frame`, (r: PeerRound) => r.batched.rate],
    ] as const) {
      const x = ratioOfMedians(hub(f), of('socketio', f));
      lines.push(
        `         outbound rate ≥ socket.io's, ${mode}: ${x >= 1 ? 'met' : 'NOT met'} (${x.toFixed(2)}× by medians)`,
      );
    }
  }
  console.log(lines.join('\n'));
}

if (process.env.BENCH_OUT) {
  writeFileSync(
    process.env.BENCH_OUT,
    JSON.stringify(
      {
        started: started.toISOString(),
        settings: { N, ROUNDS, LATENCY_CHANGES, LATENCY_INTERVAL_MS, BURST, BURSTS, BATCH, pinned: canPin },
        rounds,
        results,
        summary,
        hubCommit,
      },
      null,
      2,
    ),
  );
}
