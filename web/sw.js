// Offline: the page, its modules, catalogues and the package are kept in a cache at
// install; the endgame tables are kept the first time the page loads them. A request is
// answered from the cache when it is there (refreshed from the network behind it), from
// the network otherwise.
const CACHE = 'dama-v2';
const TABLES = 'dama-tables-v1';
const FILES = [
  './',
  './index.html',
  './style.css',
  './app.js',
  './manifest.webmanifest',
  './icon.svg',
  './icons/icon-192.png',
  './icons/icon-512.png',
  './icons/apple-touch-icon.png',
  './i18n/languages.json',
  './i18n/en.json',
  './i18n/tr.json',
  './lib/i18n.js',
  './lib/settings.js',
  './lib/sound.js',
  './lib/announce.js',
  './lib/dom.js',
  './lib/movelist.js',
  './lib/dialogs.js',
  './lib/files.js',
  './board/board.js',
  './board/input.js',
  './engine/client.js',
  './engine/worker.js',
  './engine/tablebase.js',
  './play/play.js',
  './play/clock.js',
  './play/exact.js',
  './analysis/analysis.js',
  './review/review.js',
  './review/graph.js',
  './review/practice.js',
  './editor/editor.js',
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
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE && k !== TABLES).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  // The tables never change once built: from the cache when there, kept when fetched.
  if (url.pathname.includes('/tables/')) {
    event.respondWith(
      caches.open(TABLES).then(async (cache) => {
        const cached = await cache.match(request);
        if (cached) return cached;
        const response = await fetch(request);
        if (response.ok) await cache.put(request, response.clone());
        return response;
      }),
    );
    return;
  }
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
