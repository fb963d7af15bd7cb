// Peer: socket.io 4 broadcasting the same payloads over WebSockets.
import { createServer } from 'node:http';
import { Server } from 'socket.io';
import { runCommands } from './commands';
import { payload } from './protocol';

const http = createServer();
const io = new Server(http, { transports: ['websocket'], perMessageDeflate: false, serveClient: false });
http.listen(0, '127.0.0.1', () => {
  const address = http.address();
  console.log(
    JSON.stringify({
      ready: true,
      url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    }),
  );
});

runCommands((i) => {
  io.emit('msg', payload(i));
});
