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
let waiting: { target: number; started: number } | null = null;

function onPayload(p: Payload) {
  latencies.push(now() - p.t);
  received++;
  if (waiting && received >= waiting.target) {
    console.log(JSON.stringify({ done: true, elapsedMs: now() - waiting.started, received }));
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
    waiting = { target: received + Number(arg) * n, started: now() };
  } else if (cmd === 'stop') {
    process.exit(0);
  }
});
