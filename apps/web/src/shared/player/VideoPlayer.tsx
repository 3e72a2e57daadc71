import '../i18n/player.texts.ts';
import { DEWARP_REDRAW_MS, PLAYER_PROGRESS_INTERVAL_MS, SNAPSHOT_FLASH_MS } from '@vigil/contracts';
import {
  type Ref,
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { saveBlob, snapshotOf } from '../platform/snapshot.ts';
import { type DewarpLayout, type DewarpView, type FisheyeMount, initialView, viewKey } from './dewarp.ts';
import { DewarpRenderer } from './dewarp-renderer.ts';
import {
  attach,
  type Engine,
  type Fragment,
  faultMessageKey,
  followRate,
  nativeHasAudio,
  type PlayerFault,
} from './engines.ts';
import { PlayerControls } from './PlayerControls.tsx';
import { progressOf, type VideoProgress } from './progress.ts';
import { prepare, release } from './standby.ts';
import { useControlsVisibility } from './use-controls-visibility.ts';

export interface VideoPlayerHandle {
  video(): HTMLVideoElement | null;
  engine(): Engine | undefined;
  play(): Promise<void>;
  pause(): void;
  seek(seconds: number): void;
  /** Fetch what a seek to `seconds` would, ahead of it (where the engine can). */
  prefetch(seconds: number): void;
}

export interface VideoPlayerProps {
  url: string | undefined;
  /** Start playing on the first ready (spec 001 §4). */
  autoPlay?: boolean;
  playbackRate?: number;
  /** Headers for every request of the stream (the viewer's token). */
  headers?: () => Record<string, string>;
  /** Offer fisheye flattening (a fisheye camera). */
  fisheye?: boolean;
  /** The snapshot's file name, without extension. */
  snapshotName?: string;
  label?: string;
  onProgress?: (p: VideoProgress) => void;
  onReady?: () => void;
  onPlayingChange?: (playing: boolean) => void;
  onFragments?: (f: Fragment[]) => void;
  /** HLS: where to start, from the playlist's fragments (nothing is loaded before). */
  startAt?: (f: Fragment[]) => number | undefined;
  onEnded?: () => void;
  /** Player errors and stream failures (spec 001 §8). */
  onError?: (e: PlayerFault) => void;
  handle?: Ref<VideoPlayerHandle>;
  className?: string;
  /**
   * What the stream is (a camera's day, say): a new `url` of the same source keeps the player (its element, its
   * controls) and only swaps the stream. By default every address is a new player.
   */
  source?: string;
  /**
   * An HLS playlist this player is likely to switch to (the day around a first, shorter playlist): loaded and parsed
   * in the background once the first picture shows, so the switch costs what a seek costs (decision 0766).
   */
  standby?: string | undefined;
  /** Its own controls (default): off where a page drives several players together. */
  controls?: boolean;
}

const SEEK_STEP_SEC = 5;
/** Runs `f` when the browser is idle (at the latest after a second), or soon where it cannot tell. */
const whenIdle = (f: () => void): void => {
  if ('requestIdleCallback' in window) requestIdleCallback(f, { timeout: 1000 });
  else setTimeout(f, 200);
};

/**
 * The video player of spec 001 §4: play and pause (the end pauses; play at the end restarts from 0), a scrubber
 * that pauses while dragged, mute (enabled once the duration is known and the stream has audio), fisheye
 * flattening, snapshots with a flash, fullscreen, keyboard control, progress every 250 ms, errors to a callback.
 * hls.js plays HLS, mpegts.js the /stream/ and /transcode/ URLs.
 */
export function VideoPlayer(p: VideoPlayerProps) {
  // A new address is a new player: nothing of the previous stream (its faults, audio, duration) carries over.
  return <Player key={p.source ?? p.url ?? ''} {...p} />;
}

function Player(p: VideoPlayerProps) {
  const { t } = useTranslation();
  const box = useRef<HTMLElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const dewarper = useRef<DewarpRenderer | undefined>(undefined);
  const engine = useRef<Engine | undefined>(undefined);
  const cb = useRef(p);
  useLayoutEffect(() => {
    cb.current = p;
  });
  const [playing, setPlaying] = useState(false);
  const [muted, setMuted] = useState(false);
  const [duration, setDuration] = useState<number>(Number.NaN);
  const [time, setTime] = useState(0);
  const [hasAudio, setHasAudio] = useState<boolean | undefined>(undefined);
  const [flash, setFlash] = useState(false);
  const [fault, setFault] = useState<PlayerFault | undefined>(undefined);
  const [dewarp, setDewarp] = useState(false);
  const [layout, setLayout] = useState<DewarpLayout>('single');
  const [mount, setMount] = useState<FisheyeMount>('ceiling');
  const [view, setView] = useState<DewarpView>(() => initialView('ceiling'));
  const dragging = useRef(false);
  const controls = useControlsVisibility(box, playing);

  const report = useCallback((f: PlayerFault) => {
    if (f.fatal) setFault(f);
    cb.current.onError?.(f);
  }, []);

  const play = useCallback(async () => {
    const v = video.current;
    if (!v) return;
    // Play at the end starts again from the beginning.
    if (v.ended || (Number.isFinite(v.duration) && v.currentTime >= v.duration - 0.05)) v.currentTime = 0;
    try {
      await v.play();
    } catch (e) {
      // A browser that refuses sound without a gesture may still play muted.
      if (e instanceof DOMException && e.name === 'NotAllowedError' && !v.muted) {
        v.muted = true;
        setMuted(true);
        await v.play().catch(() => {});
      }
    }
  }, []);
  // The engine follows the URL.
  useEffect(() => {
    const v = video.current;
    if (!v || !p.url) return;
    let cancelled = false;
    let readyOnce = false;
    const onReady = () => {
      if (readyOnce) return;
      readyOnce = true;
      cb.current.onReady?.();
      if (cb.current.autoPlay) void play();
      const next = cb.current.standby;
      // After the first picture, when the page is idle: parsing a day's playlist holds the main thread a while.
      if (next && next !== p.url) whenIdle(() => void prepare(next, () => cb.current.headers?.() ?? {}));
    };
    v.addEventListener('canplay', onReady);
    void attach(v, p.url, {
      headers: () => cb.current.headers?.() ?? {},
      onFault: report,
      onAudio: setHasAudio,
      onFragments: (f) => cb.current.onFragments?.(f),
      startAt: cb.current.startAt ? (f) => cb.current.startAt?.(f) : undefined,
    })
      .then((e) => {
        if (cancelled) e.destroy();
        else engine.current = e;
      })
      .catch((e: unknown) => report({ kind: 'other', fatal: true, message: String(e) }));
    return () => {
      cancelled = true;
      v.removeEventListener('canplay', onReady);
      engine.current?.destroy();
      engine.current = undefined;
    };
  }, [p.url, report, play]);

  // What was prepared for this player goes with it.
  const standby = p.standby;
  useEffect(() => (standby ? () => release(standby) : undefined), [standby]);

  useEffect(() => {
    const rate = p.playbackRate ?? 1;
    if (video.current) video.current.playbackRate = rate;
    if (engine.current) followRate(engine.current, rate);
  }, [p.playbackRate]);

  // Progress every 250 ms (spec 001 §4).
  useEffect(() => {
    const timer = setInterval(() => {
      const v = video.current;
      if (!v) return;
      if (!dragging.current) setTime(v.currentTime);
      cb.current.onProgress?.(progressOf(v));
    }, PLAYER_PROGRESS_INTERVAL_MS);
    return () => clearInterval(timer);
  }, []);

  // Flattening redraws at most every 100 ms.
  useEffect(() => {
    const renderer = dewarper.current;
    if (!dewarp || !renderer) return;
    const draw = () => {
      const c = canvas.current;
      const v = video.current;
      if (!c || !v) return;
      c.width = c.clientWidth;
      c.height = c.clientHeight;
      renderer.draw(v, view, layout, mount);
    };
    draw();
    const timer = setInterval(draw, DEWARP_REDRAW_MS);
    return () => clearInterval(timer);
  }, [dewarp, view, layout, mount]);
  /** Turns flattening on or off; WebGL is set up on first use (a browser without it reports an error). */
  const toggleDewarp = () => {
    if (dewarp) return setDewarp(false);
    try {
      if (canvas.current) dewarper.current ??= new DewarpRenderer(canvas.current);
      setDewarp(dewarper.current !== undefined);
    } catch (e) {
      report({ kind: 'other', fatal: false, message: String(e) });
    }
  };

  const pause = useCallback(() => video.current?.pause(), []);
  const seek = useCallback((s: number) => {
    if (engine.current?.seek) engine.current.seek(s);
    else if (video.current) video.current.currentTime = s;
    setTime(s);
  }, []);
  useImperativeHandle(
    p.handle,
    () => ({
      video: () => video.current,
      engine: () => engine.current,
      play,
      pause,
      seek,
      prefetch: (s: number) => engine.current?.prefetch?.(s),
    }),
    [play, pause, seek],
  );

  const toggle = () => (playing ? pause() : void play());
  const toggleMute = () => {
    const v = video.current;
    if (!v) return;
    v.muted = !v.muted;
    setMuted(v.muted);
  };
  const fullscreen = () =>
    document.fullscreenElement ? void document.exitFullscreen() : void box.current?.requestFullscreen?.();
  const takeSnapshot = () => {
    const source = dewarp ? canvas.current : video.current;
    if (!source) return;
    setFlash(true);
    setTimeout(() => setFlash(false), SNAPSHOT_FLASH_MS);
    snapshotOf(source)
      .then((blob) => saveBlob(blob, `${p.snapshotName ?? 'snapshot'}.jpg`))
      .catch((e: unknown) => report({ kind: 'other', fatal: false, message: (e as Error).message }));
  };

  const onKeyDown = (e: React.KeyboardEvent) => {
    controls.handlers.onKeyDown();
    if ((e.target as HTMLElement).tagName === 'INPUT' || (e.target as HTMLElement).tagName === 'SELECT')
      return;
    const v = video.current;
    if (dewarp) {
      const next = viewKey(view, e.key);
      if (next) {
        e.preventDefault();
        setView(next);
        return;
      }
    }
    const actions: Record<string, () => void> = {
      ' ': toggle,
      k: toggle,
      m: toggleMute,
      f: fullscreen,
      ArrowLeft: () => v && seek(Math.max(0, v.currentTime - SEEK_STEP_SEC)),
      ArrowRight: () => v && seek(Math.min(v.duration || 0, v.currentTime + SEEK_STEP_SEC)),
      Home: () => seek(0),
    };
    const action = actions[e.key];
    if (action && (e.target === e.currentTarget || e.key !== ' ')) {
      e.preventDefault();
      action();
    }
  };

  const audioKnown = Number.isFinite(duration) && duration > 0 && hasAudio === true;
  return (
    <section
      ref={box}
      aria-label={p.label ?? t('player.label')}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard control of the player (spec 001 §4)
      tabIndex={0}
      {...controls.handlers}
      onKeyDown={onKeyDown}
      className={`group relative overflow-hidden bg-black focus:outline-none focus-visible:ring-2 focus-visible:ring-accent ${controls.hideCursor ? 'cursor-none' : ''} ${p.className ?? ''}`}
      data-playing={playing}
      data-controls={controls.visible ? 'shown' : 'hidden'}
    >
      {/* biome-ignore lint/a11y/useMediaCaption: camera recordings have no captions */}
      <video
        ref={video}
        className={`h-full w-full object-contain ${dewarp ? 'invisible' : ''}`}
        playsInline
        crossOrigin="anonymous"
        onPlay={() => {
          setPlaying(true);
          cb.current.onPlayingChange?.(true);
        }}
        onPause={() => {
          setPlaying(false);
          cb.current.onPlayingChange?.(false);
        }}
        onEnded={() => {
          setPlaying(false);
          cb.current.onEnded?.();
        }}
        onDurationChange={(e) => setDuration(e.currentTarget.duration)}
        onLoadedMetadata={(e) => {
          e.currentTarget.playbackRate = cb.current.playbackRate ?? 1;
          const audio = nativeHasAudio(e.currentTarget);
          if (audio !== undefined) setHasAudio((h) => h ?? audio);
        }}
        onTimeUpdate={(e) => {
          const audio = nativeHasAudio(e.currentTarget);
          if (audio) setHasAudio(true);
        }}
        onError={(e) =>
          report({ kind: 'media', fatal: true, message: e.currentTarget.error?.message || 'media error' })
        }
      />
      <canvas
        ref={canvas}
        className={`absolute inset-0 h-full w-full ${dewarp ? '' : 'hidden'}`}
        aria-label={t('player.dewarped')}
        aria-hidden={!dewarp}
      />
      {flash && (
        <div className="pointer-events-none absolute inset-0 bg-white" data-testid="snapshot-flash" />
      )}
      {fault && (
        <p role="alert" className="absolute inset-x-0 top-1/3 text-center text-sm text-white">
          {t(faultMessageKey(fault.status))}
        </p>
      )}
      {p.controls !== false && (
        <PlayerControls
          visible={controls.visible}
          playing={playing}
          time={time}
          duration={duration}
          muted={muted}
          audioEnabled={audioKnown}
          fisheye={p.fisheye === true}
          dewarp={dewarp}
          layout={layout}
          mount={mount}
          fovDeg={view.fovDeg}
          onToggle={toggle}
          onSeekStart={() => {
            dragging.current = true;
            pause();
          }}
          onSeek={(s) => seek(s)}
          onSeekEnd={() => {
            dragging.current = false;
          }}
          onMute={toggleMute}
          onDewarp={toggleDewarp}
          onLayout={setLayout}
          onMount={(m) => {
            setMount(m);
            setView(initialView(m));
          }}
          onFov={(fovDeg) => setView((v) => ({ ...v, fovDeg }))}
          onSnapshot={takeSnapshot}
          onFullscreen={fullscreen}
        />
      )}
    </section>
  );
}
