// Peer: a bare `ws` broadcast of the same payloads (the floor any hub is measured against).
import { createServer } from 'node:http';
import { WebSocketServer } from 'ws';
import { runCommands } from './commands';
import { payload } from './protocol';

const http = createServer();
const wss = new WebSocketServer({ server: http, perMessageDeflate: false });
http.listen(0, '127.0.0.1', () => {
  const address = http.address();
  console.log(
    JSON.stringify({
      ready: true,
      url: `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`,
    }),
  );
});

function broadcast(i: number) {
  const text = JSON.stringify(payload(i));
  for (const client of wss.clients) client.send(text);
}

runCommands(broadcast);
