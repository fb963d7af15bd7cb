import type { Socket } from 'node:net';
import { failureEnvelope } from './envelope';

/**
 * Fastify's `clientErrorHandler`: what the server answers when Node's HTTP parser refuses a request
 * before Fastify sees it. The main case is a GET whose query is larger than Node's header limit
 * (16 KB): Node answered a bare 431 that our client could not show. Answered here with the same status
 * and an Error envelope whose message says what to do, so every refusal the client meets has one shape.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  // A reset connection has no one to answer (Node's own handler does the same).
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, text, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [
          431,
          'Request Header Fields Too Large',
          'The request is too large: its address and headers must stay under 16 KB. Send large values in the body of a POST.',
        ]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'The request took too long to arrive.']
        : [400, 'Bad Request', 'The request is not a well-formed HTTP request.'];
  const body = JSON.stringify(failureEnvelope('error', message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${text}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
