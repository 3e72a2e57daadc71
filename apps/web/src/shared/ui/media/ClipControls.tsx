import '../../i18n/player.texts.ts';
import { type RefObject, useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';

// The element is the page's, not React state: these act on it directly.
const togglePlay = (v: HTMLVideoElement | null) => {
  if (v?.paused) void v.play().catch(() => undefined);
  else v?.pause();
};
const seekTo = (v: HTMLVideoElement | null, seconds: number) => {
  if (v) v.currentTime = seconds;
};
const toggleMute = (v: HTMLVideoElement | null) => {
  if (v) v.muted = !v.muted;
};

const clock = (s: number): string =>
  Number.isFinite(s) ? `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, '0')}` : '--:--';

/**
 * Play/pause, seek, time and sound for the preview's clip, in a row under the picture. The browser's own controls
 * are not used: on a playing video they take every touch (measured in Chromium: not one touch or pointer event
 * reached the page), so a swipe across the clip could not page (spec 001 §2).
 */
export function ClipControls({ video }: { video: RefObject<HTMLVideoElement | null> }) {
  const { t } = useTranslation();
  const [state, setState] = useState({ playing: false, time: 0, duration: 0, muted: true });
  useEffect(() => {
    const v = video.current;
    if (!v) return;
    const read = () =>
      setState({ playing: !v.paused, time: v.currentTime, duration: v.duration, muted: v.muted });
    const kinds = ['play', 'pause', 'timeupdate', 'durationchange', 'volumechange', 'loadedmetadata'];
    for (const k of kinds) v.addEventListener(k, read);
    read();
    return () => {
      for (const k of kinds) v.removeEventListener(k, read);
    };
  }, [video]);
  const known = Number.isFinite(state.duration) && state.duration > 0;
  const control =
    'rounded-md border border-neutral-300 px-2 py-1 text-sm hover:bg-neutral-100 disabled:opacity-40';
  return (
    <div className="mt-2 flex items-center gap-2">
      <button type="button" className={control} onClick={() => togglePlay(video.current)}>
        {state.playing ? t('player.pause') : t('player.play')}
      </button>
      <input
        type="range"
        aria-label={t('player.seek')}
        min={0}
        max={known ? state.duration : 0}
        step={0.1}
        value={Math.min(state.time, known ? state.duration : 0)}
        disabled={!known}
        onChange={(e) => seekTo(video.current, Number(e.currentTarget.value))}
        className="min-w-0 flex-1 accent-accent"
      />
      <span className="text-xs tabular-nums text-neutral-600">
        {clock(state.time)} / {clock(state.duration)}
      </span>
      <button type="button" className={control} onClick={() => toggleMute(video.current)}>
        {state.muted ? t('player.unmute') : t('player.mute')}
      </button>
    </div>
  );
}
