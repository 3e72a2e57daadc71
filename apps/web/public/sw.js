// The web app's service worker: web push notifications (decision 0713) and the app shell's cache (decision 0861).
// The shell is the app's page, its hashed code and styles, the favicon, the manifest and the brand's icons: a second
// visit starts from the cache, and with no network still reaches the sign-in screen. Never video, stills or API
// answers: every other request goes to the network untouched (the worker does not even answer it).

// Filled by the build (scripts/web-shell.ts): the build's hash and the shell's files. Empty in development, where
// the worker caches nothing.
const SHELL = { build: '', files: [] };
const PREFIX = 'vigil-shell-';
const CACHE = PREFIX + SHELL.build;
/** The cache key of the app's page: every route of the app is the same page (the server fills in the brand). */
const PAGE = '/';
/** Navigations that are not the app's page (features/web/static.ts: media opened in a tab, the API's docs). */
const NOT_THE_APP = [
  '/getstill/',
  '/getthumb/',
  '/getalertthumb/',
  '/alertthumb/',
  '/simple/',
  '/video/',
  '/stream/',
  '/hls/',
  '/live/',
  '/brands/',
  '/docs',
  '/sso/',
  '/oauth/',
];
/** Small files of the shell outside /assets/, refreshed from the network when it answers. */
const FRESH = [
  /^\/favicon\.svg$/,
  /^\/manifest\.webmanifest$/,
  /^\/brands\/[^/]+(\/installers\/[^/]+)?\/(favicon|logo\.png)$/,
];

/** The page as a browser navigation asks for it: the server answers HTML only to a request that accepts it. */
const pageRequest = () => new Request(PAGE, { headers: { accept: 'text/html' }, credentials: 'same-origin' });

self.addEventListener('install', (event) => {
  if (!SHELL.build) return;
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => Promise.all([cache.add(pageRequest()), cache.addAll(SHELL.files)]))
      .then(() => self.skipWaiting()),
  );
});

// A new build's worker takes over at once and deletes the caches of the builds before it.
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((k) => k.startsWith(PREFIX) && k !== CACHE).map((k) => caches.delete(k))),
      )
      // The page's request leaves while the worker starts, not after (a navigation otherwise waits for both).
      .then(() => self.registration.navigationPreload?.enable())
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  if (!SHELL.build) return;
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    // Media opened in a tab, the docs, sign-on redirects: the network's answer (preloaded), never kept.
    if (NOT_THE_APP.some((p) => url.pathname.startsWith(p)))
      event.respondWith(Promise.resolve(event.preloadResponse).then((r) => r ?? fetch(request)));
    else event.respondWith(page(request, event.preloadResponse));
  } else if (url.pathname.startsWith('/assets/')) event.respondWith(hashed(request));
  else if (FRESH.some((re) => re.test(url.pathname))) event.respondWith(fresh(request));
});

/**
 * The page from the network, kept for later (a new release, a brand's change are seen at once); the kept page when
 * the network fails.
 */
async function page(request, preloaded) {
  try {
    const response = (await preloaded) ?? (await fetch(request));
    const html = (response.headers.get('content-type') ?? '').startsWith('text/html');
    if (response.ok && html) await (await caches.open(CACHE)).put(pageRequest(), response.clone());
    return response;
  } catch (err) {
    const kept = await caches.match(pageRequest(), { cacheName: CACHE, ignoreVary: true });
    if (kept) return kept;
    throw err;
  }
}

/** Hashed files never change: from the cache, else from the network and kept. */
async function hashed(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request, { ignoreVary: true });
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

/** The network's answer, kept; the kept one when the network fails. */
async function fresh(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch (err) {
    const kept = await cache.match(request, { ignoreVary: true });
    if (kept) return kept;
    throw err;
  }
}

self.addEventListener('push', (event) => {
  const data = event.data ? event.data.json() : {};
  event.waitUntil(
    self.registration.showNotification(data.title || 'Vigil', {
      body: data.body || '',
      data: { url: data.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = event.notification.data?.url;
  if (url) event.waitUntil(self.clients.openWindow(url));
});
