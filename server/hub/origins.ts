/**
 * The hub's Origin rule for browsers: the page's own origin (same host as the request) always, plus the
 * origins configured in HUB_ALLOWED_ORIGINS. A request without Origin is not from a browser page (a Node
 * client, a TV kiosk's native shell) and is allowed: the token, not the Origin, protects it.
 */
export function originPolicy(
  extra: readonly string[],
): (origin: string | undefined, host: string | undefined) => boolean {
  const allowed = new Set(extra.map(normalizeOrigin).filter((o): o is string => o !== null));
  return (origin, host) => {
    if (origin === undefined) return true;
    const normal = normalizeOrigin(origin);
    if (normal === null) return false; // "null" (sandboxed frames, file:) and garbage
    if (host && sameHost(new URL(normal), host)) return true;
    return allowed.has(normal);
  };
}

/** `https://Example.com:443/` → `https://example.com`; null when it is not an http(s) origin. */
export function normalizeOrigin(origin: string): string | null {
  try {
    const url = new URL(origin.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

function sameHost(origin: URL, host: string): boolean {
  const h = host.toLowerCase();
  if (origin.host === h) return true;
  // URL drops a default port that a Host header may still carry.
  const defaultPort = origin.protocol === 'https:' ? ':443' : ':80';
  return `${origin.host}${defaultPort}` === h;
}

/** True when a request's Origin names another site than its Host: it needs CORS headers. */
export function isCrossOrigin(origin: string | undefined, host: string | undefined): boolean {
  if (origin === undefined) return false;
  const normal = normalizeOrigin(origin);
  return normal === null || !host || !sameHost(new URL(normal), host);
}
