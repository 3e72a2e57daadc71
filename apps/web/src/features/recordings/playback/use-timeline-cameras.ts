import { useCallback, useEffect, useState } from 'react';

/** The longest the timeline's data waits for the first picture (a camera with nothing to play never shows one). */
const WAIT_AT_MOST_MS = 1500;

const NONE: readonly string[] = [];

/**
 * The cameras the timeline asks runs and events for: none until the player's first picture (`release`), unless
 * `noPicture` says none is coming (no camera, nothing after the playhead, a fault, the multi-camera view), and
 * at most WAIT_AT_MOST_MS. A day's runs cost the server a while to gather (150 ms for a day of 4-second segments),
 * and asked for first they held the playlist and its first fragment behind them: navigation → first picture
 * (decision 0863). The timeline draws its frame at once and its bars a moment later.
 */
export function useTimelineCameras(
  uidds: readonly string[],
  noPicture: boolean,
): { uidds: readonly string[]; release: () => void } {
  const [go, setGo] = useState(false);
  useEffect(() => {
    const t = setTimeout(() => setGo(true), WAIT_AT_MOST_MS);
    return () => clearTimeout(t);
  }, []);
  if (noPicture && !go) setGo(true);
  const release = useCallback(() => setGo(true), []);
  return { uidds: go ? uidds : NONE, release };
}
