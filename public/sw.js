// App-shell service worker: a tablet, TV or office tab that loses the network can still reload the
// app, and its queued edits (kept in IndexedDB) go out when the network returns. Only the shell is
// cached: the API and the hub always go to the network.
const CACHE = 'steelworks-shell-v1';

async function cacheShell() {
  const cache = await caches.open(CACHE);
  const response = await fetch('/', { cache: 'no-store' });
  const html = await response.clone().text();
  await cache.put('/', response);
  // The hashed bundles the page loads: cache them now, since the first page load happened before
  // this worker controlled the page.
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
  await cache.addAll([...new Set(assets)]);
}

self.addEventListener('install', (event) => {
  event.waitUntil(cacheShell().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (
    url.origin !== self.location.origin ||
    url.pathname.startsWith('/api/') ||
    url.pathname.startsWith('/hub') ||
    // The help pages are documents of their own: never answered with, or stored as, the app shell.
    url.pathname.startsWith('/help/')
  )
    return;
  if (request.mode === 'navigate') {
    // Network first, so a new release is picked up at once; the cached shell when offline.
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok) {
            const copy = response.clone();
            caches.open(CACHE).then((cache) => cache.put('/', copy));
          }
          return response;
        })
        .catch(() => caches.match('/')),
    );
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    // Hashed file names never change content: cache first.
    event.respondWith(
      caches.match(request).then(
        (hit) =>
          hit ??
          fetch(request).then((response) => {
            if (response.ok) {
              const copy = response.clone();
              caches.open(CACHE).then((cache) => cache.put(request, copy));
            }
            return response;
          }),
      ),
    );
  }
});
