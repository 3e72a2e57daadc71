/** Video progress (spec 001 §3): seconds played and loaded, and the same as fractions of the duration. */
export interface VideoProgress {
  playedSeconds: number;
  played: number;
  loadedSeconds: number;
  loaded: number;
}

/** The progress of a video element now; fractions are 0 while the duration is unknown. */
export function progressOf(
  v: Pick<HTMLVideoElement, 'currentTime' | 'duration' | 'buffered'>,
): VideoProgress {
  const d = Number.isFinite(v.duration) && v.duration > 0 ? v.duration : 0;
  let loadedSeconds = 0;
  for (let i = 0; i < v.buffered.length; i += 1) {
    if (v.buffered.start(i) <= v.currentTime + 0.5)
      loadedSeconds = Math.max(loadedSeconds, v.buffered.end(i));
  }
  return {
    playedSeconds: v.currentTime,
    played: d ? Math.min(1, v.currentTime / d) : 0,
    loadedSeconds,
    loaded: d ? Math.min(1, loadedSeconds / d) : 0,
  };
}
