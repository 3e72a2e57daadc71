import { MOBILE_RELOAD_GUARD_MS } from '@vigil/contracts';

/** A dynamic import that failed: the release it belonged to has been replaced (spec 000 §4). */
export function isChunkLoadError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /failed to fetch dynamically imported module|importing a module script failed|error loading dynamically imported module|loading chunk \S+ failed|chunkloaderror|unable to preload css/i.test(
    text,
  );
}

/**
 * In the mobile app a chunk-load failure reloads by itself, once, at most every 30 s: a second failure within the
 * guard shows the refresh message instead of reloading in a loop.
 */
export function shouldAutoReload(app: boolean, lastReload: number | undefined, now: number): boolean {
  return app && (lastReload === undefined || now - lastReload >= MOBILE_RELOAD_GUARD_MS);
}
