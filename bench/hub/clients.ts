// The receiving side: N connections to one peer, in their own process (pinned to the other core when
// the run can), so client work does not run in the server's event loop or on its core. Every peer is
// read by the same lean `ws` client that speaks that peer's wire protocol itself — bare frames, the
// Engine.IO 4 / Socket.IO 5 packets, the SignalR JSON hub protocol — so the clients cost the same for
// every peer and the figures are the servers'. (The official socket.io-client and @microsoft/signalr
// clients add their own per-message work on this side; the product's browser client is measured by
// bench:tv.)
//
// Commands on stdin: `report` prints the receipt times per change since the last report (then
// forgets them); `forget` only forgets them; `count` prints the changes received so far; `expect N` prints {done, doneAt, ...} once every connection has received N changes
// in all; `stop` exits.
import { createInterface } from 'node:readline';
import WebSocket from 'ws';
import { type Doc, now } from './protocol';

const [peer, url, countText, token, topic] = process.argv.slice(2);
const n = Number(countText);

interface Item {
  doc: Doc;
}

let receipts = new Map<number, number[]>();
let changes = 0;
let frames = 0;
let bytes = 0;
/** Connections that ended (a peer dropping clients would otherwise look like a slow burst). */
let closed = 0;
let waiting: { target: number; cpu: NodeJS.CpuUsage; frames: number; bytes: number } | null = null;

/** One frame's changes arrived (after parsing, as an application would have them). */
function onItems(items: readonly Item[], frameBytes: number) {
  const at = now();
  frames++;
  bytes += frameBytes;
  for (const item of items) {
    const i = item.doc.i;
    const list = receipts.get(i);
    if (list) list.push(at);
    else receipts.set(i, [at]);
  }
  changes += items.length;
  if (waiting && changes >= waiting.target) {
    const used = process.cpuUsage(waiting.cpu);
    console.log(
      JSON.stringify({
        done: true,
        doneAt: at,
        cpuMs: (used.user + used.system) / 1000,
        frames: frames - waiting.frames,
        bytes: bytes - waiting.bytes,
      }),
    );
    waiting = null;
  }
}

/**
 * A WebSocket with its message listener attached before it opens: a server that speaks first (Engine.IO's
 * open packet) can have its first frame arrive in the same read as the upgrade answer, and a listener
 * added after awaiting 'open' would miss it.
 */
function open(address: string, onMessage: (socket: WebSocket, data: Buffer) => void): Promise<WebSocket> {
  const socket = new WebSocket(address, { perMessageDeflate: false });
  socket.on('message', (data: Buffer) => onMessage(socket, data));
  socket.on('close', () => closed++);
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

async function connectWs(): Promise<void> {
  await open(url!, (_, data) => onItems(JSON.parse(data.toString()) as Item[], data.length));
}

/** Engine.IO 4 over a WebSocket: `0{open}`, then `40` joins the main namespace; `2` ping → `3` pong; `42[event, ...args]`. */
async function connectSocketIo(): Promise<void> {
  let joined: (error?: Error) => void = () => {};
  const namespaceJoined = new Promise<void>((resolve, reject) => {
    joined = (error) => (error ? reject(error) : resolve());
  });
  await open(url!, (socket, data) => {
    const text = data.toString();
    if (text.startsWith('42')) {
      const [, items] = JSON.parse(text.slice(2)) as [string, Item[]];
      onItems(items, data.length);
    } else if (text === '2') socket.send('3');
    else if (text.startsWith('0')) socket.send('40');
    else if (text.startsWith('40')) joined();
    else if (text.startsWith('44')) joined(new Error(`socket.io refused the namespace: ${text}`));
  });
  await namespaceJoined;
}

/** The SignalR JSON hub protocol: negotiate, the WebSocket with the connection token, handshake, Subscribe, records split on 0x1E. */
async function connectHub(): Promise<void> {
  const negotiate = (await (
    await fetch(`${url}/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
    })
  ).json()) as { connectionToken: string };
  let handshaken = false;
  let subscribed: (error?: Error) => void = () => {};
  const subscription = new Promise<void>((resolve, reject) => {
    subscribed = (error) => (error ? reject(error) : resolve());
  });
  const socket = await open(
    `${url!.replace(/^http/, 'ws')}?id=${negotiate.connectionToken}&access_token=${encodeURIComponent(token ?? '')}`,
    (socket, data) => {
      const text = data.toString();
      let items: Item[] | null = null;
      for (const record of text.split('\x1e')) {
        if (!record) continue;
        const message = JSON.parse(record) as {
          type?: number;
          target?: string;
          error?: string;
          arguments?: Item[][];
        };
        if (!handshaken) {
          handshaken = true;
          socket.send(
            `${JSON.stringify({ type: 1, invocationId: '1', target: 'Subscribe', arguments: [[topic]] })}\x1e`,
          );
        } else if (message.type === 3) {
          subscribed(message.error ? new Error(message.error) : undefined);
        } else if (message.type === 1 && message.target === 'changes') {
          // Records of one frame (writes coalesced in one turn) count as that frame's changes.
          items = items ? items.concat(message.arguments?.[0] ?? []) : (message.arguments?.[0] ?? []);
        } else if (message.type === 7) {
          console.error(`hub closed a connection: ${record}`);
        }
      }
      if (items) onItems(items, data.length);
    },
  );
  socket.send('{"protocol":"json","version":1}\x1e');
  await subscription;
  // The server drops a client it has heard nothing from for 30 s.
  setInterval(() => socket.send('{"type":6}\x1e'), 10_000).unref();
}

const connectOne = peer === 'ws' ? connectWs : peer === 'socketio' ? connectSocketIo : connectHub;
// Connect in small waves: 500 simultaneous handshakes would measure the accept queue, not the peer.
for (let i = 0; i < n; i += 25) {
  await Promise.all(Array.from({ length: Math.min(25, n - i) }, connectOne));
}
console.log(JSON.stringify({ ready: true, connections: n }));

createInterface({ input: process.stdin }).on('line', (line) => {
  const [cmd, arg] = line.split(' ');
  if (cmd === 'report') {
    const out: Record<number, number[]> = {};
    for (const [i, list] of receipts) out[i] = list.map((t) => Math.round(t * 1000) / 1000);
    console.log(JSON.stringify({ report: true, receipts: out }));
    receipts = new Map();
  } else if (cmd === 'forget') {
    // Before a burst: its 100,000 receipts are counted, not reported.
    receipts = new Map();
  } else if (cmd === 'count') {
    // Diagnosis of a burst that never completes: how far the clients got.
    console.log(JSON.stringify({ count: changes, target: waiting?.target ?? null, frames, closed }));
  } else if (cmd === 'expect') {
    // Absolute: every connection has N changes in all since it connected. (Relative to the count at
    // the time the command is read would race with changes of the previous broadcast still arriving.)
    waiting = { target: Number(arg) * n, cpu: process.cpuUsage(), frames, bytes };
    if (changes >= waiting.target) {
      console.log(JSON.stringify({ done: true, doneAt: now(), cpuMs: 0, frames: 0, bytes: 0 }));
      waiting = null;
    }
  } else if (cmd === 'stop') {
    process.exit(0);
  }
});
