import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy the built client runs under (issue 14 §3). It allows no inline script
 * and no eval: the built index.html loads one module script from /assets, and the service worker is
 * /sw.js, both 'self'. Styles are the built stylesheet; React's `style` props go through the CSSOM,
 * which style-src does not govern. Photos are /api bytes, downloads blob: URLs; help videos play from
 * any https address (VideoBrowserPage); the hub is a same-origin WebSocket ('self' covers ws/wss).
 * frame-ancestors 'none': no page of ours is meant to be framed (X-Frame-Options for old browsers).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "media-src 'self' https: blob:",
  "connect-src 'self'",
  "font-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** On every answer: pages, API envelopes, files (which set a stricter CSP of their own) and errors. */
export function securityHeaders(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', async (_req, reply) => {
    reply.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Frame-Options', 'DENY');
    // Our URLs may carry a Token (the GET contract): never send them to another site.
    reply.header('Referrer-Policy', 'same-origin');
  });
}
