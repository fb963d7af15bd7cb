// Peer: socket.io 4 over WebSockets only, `io.emit('changes', items)`: socket.io encodes the packet
// once and frames it once for all sockets (its own broadcast optimisation).
import { createServer } from 'node:http';
import { Server } from 'socket.io';
import { runCommands } from './commands';
import { changeItem, now } from './protocol';

const http = createServer();
const io = new Server(http, { transports: ['websocket'], perMessageDeflate: false, serveClient: false });
http.listen(0, '127.0.0.1', () => {
  const address = http.address();
  console.log(
    JSON.stringify({
      ready: true,
      url: `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/socket.io/?EIO=4&transport=websocket`,
    }),
  );
});

runCommands((first, count) => {
  const items = Array.from({ length: count }, (_, k) => changeItem(first + k));
  const emittedAt = now();
  io.emit('changes', items);
  return emittedAt;
});
