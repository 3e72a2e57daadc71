import '../i18n/player.texts.ts';
import { FISHEYE_FOV_MAX_DEG, FISHEYE_FOV_MIN_DEG } from '@vigil/contracts';
import { useTranslation } from '../i18n/use-translation.ts';
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

/** Control icons (24×24): decorative, each button carries its own label. */
const ICONS = {
  play: 'M7 4l13 8-13 8z',
  pause: 'M6 4h4v16H6zM14 4h4v16h-4z',
  sound: 'M4 9h4l5-4v14l-5-4H4zM16 8a5 5 0 0 1 0 8M18.5 5.5a9 9 0 0 1 0 13',
  muted: 'M4 9h4l5-4v14l-5-4H4zM16 9l5 6M21 9l-5 6',
  camera: 'M4 8h4l2-3h4l2 3h4v11H4zM12 10a3.5 3.5 0 1 0 0 7 3.5 3.5 0 0 0 0-7z',
  expand: 'M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5',
} as const;
function Glyph({ name }: { name: keyof typeof ICONS }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      fill={name === 'play' || name === 'pause' ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="2"
      strokeLinejoin="round"
      strokeLinecap="round"
    >
      <path d={ICONS[name]} />
    </svg>
  );
}

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
          <Glyph name={c.playing ? 'pause' : 'play'} />
        </button>
        <button
          type="button"
          className={button}
          onClick={c.onMute}
          disabled={!c.audioEnabled}
          aria-label={c.muted ? t('player.unmute') : t('player.mute')}
          aria-pressed={c.muted}
        >
          <Glyph name={c.muted ? 'muted' : 'sound'} />
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
          <Glyph name="camera" />
        </button>
        <button type="button" className={button} onClick={c.onFullscreen} aria-label={t('player.fullscreen')}>
          <Glyph name="expand" />
        </button>
      </div>
    </div>
  );
}
