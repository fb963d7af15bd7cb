// The receiving side: N connections of one kind (ws, socket.io, or the official SignalR client on our
// hub), in their own process so that client work does not steal the server's CPU in the same event
// loop. Reads commands on stdin: `report` prints the latencies seen since the last report; `expect N`
// prints {done, elapsedMs} once every connection has received N more messages.
import { createInterface } from 'node:readline';
import { HttpTransportType, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import { io } from 'socket.io-client';
import WebSocket from 'ws';
import { now, type Payload } from './protocol';

const [peer, url, countText, token, topic] = process.argv.slice(2);
const n = Number(countText);

let latencies: number[] = [];
let received = 0;
let waiting: { target: number; started: number; cpu: NodeJS.CpuUsage } | null = null;

function onPayload(p: Payload) {
  latencies.push(now() - p.t);
  received++;
  if (waiting && received >= waiting.target) {
    const used = process.cpuUsage(waiting.cpu);
    console.log(
      JSON.stringify({
        done: true,
        elapsedMs: now() - waiting.started,
        received,
        cpuMs: (used.user + used.system) / 1000,
      }),
    );
    waiting = null;
  }
}

async function connectOne(): Promise<void> {
  if (peer === 'ws') {
    const socket = new WebSocket(url!, { perMessageDeflate: false });
    socket.on('message', (data) => onPayload(JSON.parse(String(data))));
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
  } else if (peer === 'socketio') {
    const socket = io(url!, { transports: ['websocket'], forceNew: true });
    socket.on('msg', onPayload);
    await new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(undefined));
      socket.once('connect_error', reject);
    });
  } else if (peer === 'hub-raw') {
    // The SignalR JSON protocol spoken by a plain `ws` client (negotiate, handshake, Subscribe, then
    // records split on 0x1E): the same lean receiving side as the bare-ws peer, so the figure is the
    // server's, not the official client's per-message bookkeeping.
    const negotiate = (await (
      await fetch(`${url}/negotiate?negotiateVersion=1`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}` },
      })
    ).json()) as { connectionToken: string };
    const socket = new WebSocket(
      `${url!.replace(/^http/, 'ws')}?id=${negotiate.connectionToken}&access_token=${encodeURIComponent(token ?? '')}`,
      { perMessageDeflate: false },
    );
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    let handshaken = false;
    const subscribed = new Promise<void>((resolve) => {
      socket.on('message', (data) => {
        for (const record of String(data).split('\x1e')) {
          if (!record) continue;
          const message = JSON.parse(record) as {
            type?: number;
            target?: string;
            arguments?: Array<Array<{ doc: Payload }>>;
          };
          if (!handshaken) {
            handshaken = true;
            socket.send(
              `${JSON.stringify({ type: 1, invocationId: '1', target: 'Subscribe', arguments: [[topic]] })}\x1e`,
            );
          } else if (message.type === 3) {
            resolve();
          } else if (message.type === 1 && message.target === 'changes') {
            for (const item of message.arguments?.[0] ?? []) onPayload(item.doc);
          }
        }
      });
    });
    socket.send('{"protocol":"json","version":1}\x1e');
    // The server drops a client it has heard nothing from for 30 s.
    setInterval(() => socket.send('{"type":6}\x1e'), 10_000).unref();
    await subscribed;
  } else {
    const connection = new HubConnectionBuilder()
      .withUrl(url!, { transport: HttpTransportType.WebSockets, accessTokenFactory: () => token ?? '' })
      .configureLogging(LogLevel.None)
      .build();
    connection.on('changes', (items: Array<{ doc: Payload }>) => {
      for (const item of items) onPayload(item.doc);
    });
    await connection.start();
    await connection.invoke('Subscribe', [topic]);
  }
}

// Connect in small waves: 500 simultaneous handshakes would measure the accept queue, not the hub.
for (let i = 0; i < n; i += 25) {
  await Promise.all(Array.from({ length: Math.min(25, n - i) }, connectOne));
}
console.log(JSON.stringify({ ready: true, connections: n }));

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

createInterface({ input: process.stdin }).on('line', (line) => {
  const [cmd, arg] = line.split(' ');
  if (cmd === 'report') {
    const sorted = [...latencies].sort((a, b) => a - b);
    console.log(
      JSON.stringify({
        report: true,
        count: sorted.length,
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
        max: sorted.at(-1) ?? NaN,
      }),
    );
    latencies = [];
  } else if (cmd === 'expect') {
    waiting = { target: received + Number(arg) * n, started: now(), cpu: process.cpuUsage() };
  } else if (cmd === 'stop') {
    process.exit(0);
  }
});
