import { FISHEYE_FOV_MAX_DEG, FISHEYE_FOV_MIN_DEG } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import type { DewarpLayout, FisheyeMount } from './dewarp.ts';

export interface PlayerControlsProps {
  visible: boolean;
  playing: boolean;
  time: number;
  duration: number;
  muted: boolean;
  audioEnabled: boolean;
  fisheye: boolean;
  dewarp: boolean;
  layout: DewarpLayout;
  mount: FisheyeMount;
  fovDeg: number;
  onToggle: () => void;
  onSeekStart: () => void;
  onSeek: (seconds: number) => void;
  onSeekEnd: () => void;
  onMute: () => void;
  onDewarp: () => void;
  onLayout: (l: DewarpLayout) => void;
  onMount: (m: FisheyeMount) => void;
  onFov: (deg: number) => void;
  onSnapshot: () => void;
  onFullscreen: () => void;
}

const clock = (s: number): string => {
  if (!Number.isFinite(s)) return '--:--';
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = Math.floor(s % 60);
  const mm = String(m).padStart(h ? 2 : 1, '0');
  return `${h ? `${h}:` : ''}${mm}:${String(sec).padStart(2, '0')}`;
};

const button =
  'rounded px-2 py-1 text-sm text-white hover:bg-white/20 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white disabled:opacity-40';

/** The control bar; it fades out (but stays in the tab order) when the player says so. */
export function PlayerControls(c: PlayerControlsProps) {
  const { t } = useTranslation();
  const known = Number.isFinite(c.duration) && c.duration > 0;
  return (
    <div
      className={`absolute inset-x-0 bottom-0 flex flex-col gap-1 bg-gradient-to-t from-black/80 to-transparent px-3 pb-2 pt-6 transition-opacity duration-300 ${c.visible ? 'opacity-100' : 'pointer-events-none opacity-0'}`}
    >
      <input
        type="range"
        aria-label={t('player.seek')}
        min={0}
        max={known ? c.duration : 0}
        step={0.1}
        value={Math.min(c.time, known ? c.duration : 0)}
        disabled={!known}
        onPointerDown={c.onSeekStart}
        onKeyDown={(e) => e.key.startsWith('Arrow') && c.onSeekStart()}
        onChange={(e) => c.onSeek(Number(e.currentTarget.value))}
        onPointerUp={c.onSeekEnd}
        onKeyUp={c.onSeekEnd}
        className="w-full accent-accent"
      />
      <div className="flex flex-wrap items-center gap-1">
        <button
          type="button"
          className={button}
          onClick={c.onToggle}
          aria-label={c.playing ? t('player.pause') : t('player.play')}
        >
          {c.playing ? '❚❚' : '▶'}
        </button>
        <button
          type="button"
          className={button}
          onClick={c.onMute}
          disabled={!c.audioEnabled}
          aria-label={c.muted ? t('player.unmute') : t('player.mute')}
          aria-pressed={c.muted}
        >
          {c.muted ? '🔇' : '🔊'}
        </button>
        <span className="px-1 text-xs tabular-nums text-white" data-testid="player-time">
          {clock(c.time)} / {clock(c.duration)}
        </span>
        <span className="flex-1" />
        {c.fisheye && (
          <>
            <button type="button" className={button} onClick={c.onDewarp} aria-pressed={c.dewarp}>
              {t('player.dewarp')}
            </button>
            {c.dewarp && (
              <>
                <select
                  aria-label={t('player.layout')}
                  value={c.layout}
                  onChange={(e) => c.onLayout(e.currentTarget.value as DewarpLayout)}
                  className="rounded bg-black/60 px-1 text-sm text-white"
                >
                  {(['single', 'quad', 'triple'] as const).map((l) => (
                    <option key={l} value={l}>
                      {t(`player.layouts.${l}`)}
                    </option>
                  ))}
                </select>
                <select
                  aria-label={t('player.mount')}
                  value={c.mount}
                  onChange={(e) => c.onMount(e.currentTarget.value as FisheyeMount)}
                  className="rounded bg-black/60 px-1 text-sm text-white"
                >
                  {(['ceiling', 'wall', 'floor'] as const).map((m) => (
                    <option key={m} value={m}>
                      {t(`player.mounts.${m}`)}
                    </option>
                  ))}
                </select>
                <input
                  type="range"
                  aria-label={t('player.fov')}
                  min={FISHEYE_FOV_MIN_DEG}
                  max={FISHEYE_FOV_MAX_DEG}
                  value={c.fovDeg}
                  onChange={(e) => c.onFov(Number(e.currentTarget.value))}
                  className="w-20 accent-accent"
                />
              </>
            )}
          </>
        )}
        <button type="button" className={button} onClick={c.onSnapshot} aria-label={t('player.snapshot')}>
          📷
        </button>
        <button type="button" className={button} onClick={c.onFullscreen} aria-label={t('player.fullscreen')}>
          ⛶
        </button>
      </div>
    </div>
  );
}
