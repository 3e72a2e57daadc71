/**
 * Registers the app's service worker (`/sw.js`: the app shell's cache and web push, decision 0861) once the page has
 * loaded, so its caching never competes with the first page's own downloads. Not in development: Vite serves
 * unhashed modules there, and the worker's shell list is only filled by the build.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    // A browser that refuses (private mode, a blocked worker) simply runs without the cache.
    navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
