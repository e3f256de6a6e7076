// Offline: the page and the package are kept in a cache at install; each request is
// answered from the cache when it is there (and refreshed from the network behind it),
// from the network otherwise.
const CACHE = 'dama-v1';
const FILES = [
  './',
  './index.html',
  './style.css',
  './app.js',
  './engine-worker.js',
  './manifest.webmanifest',
  './icon.svg',
  '../wasm/npm/dama.js',
  '../wasm/npm/pkg/turkish_draughts_wasm.js',
  '../wasm/npm/pkg/turkish_draughts_wasm_bg.wasm',
];

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
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
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    caches.open(CACHE).then(async (cache) => {
      const cached = await cache.match(request, { ignoreSearch: true });
      const network = fetch(request)
        .then((response) => {
          if (response.ok) cache.put(request, response.clone());
          return response;
        })
        .catch(() => undefined);
      if (cached) {
        event.waitUntil(network);
        return cached;
      }
      return (await network) ?? new Response('offline', { status: 503, statusText: 'offline' });
    }),
  );
});
