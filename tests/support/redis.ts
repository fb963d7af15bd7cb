import { createConnection } from 'node:net';

/** The Redis server the multi-process tests use (the machine's, unless TEST_REDIS_URL says otherwise). */
export const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** True when something accepts a TCP connection at redisUrl within a second: the tests that need Redis skip otherwise. */
export function redisReachable(): Promise<boolean> {
  const { hostname, port } = new URL(redisUrl);
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}
