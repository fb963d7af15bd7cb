// Peer: a bare `ws` broadcast (the floor any hub is measured against): the message's JSON array is the
// text frame, stringified once and sent to every socket.
import { createServer } from 'node:http';
import { WebSocketServer } from 'ws';
import { runCommands } from './commands';
import { changeItem, now } from './protocol';

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

runCommands((first, count) => {
  const items = Array.from({ length: count }, (_, k) => changeItem(first + k));
  const emittedAt = now();
  const text = JSON.stringify(items);
  for (const client of wss.clients) client.send(text);
  return emittedAt;
});
