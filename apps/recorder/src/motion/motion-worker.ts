import type { EpochMs, Uidd } from '@vigil/contracts';
import type { InitSegment } from '../bmff/splitter.ts';
import { THUMB_WIDTH } from '../ffmpeg/args.ts';
import type { SpanReader } from '../live/prebuffer.ts';
import type { RecorderLog } from '../log.ts';
import type { FileSpan, TimedFragment } from '../storage/segment-writer.ts';
import { MotionAnalyzer, motionScore } from './analyzer.ts';
import { type DecodedFrame, KeyframeDecoder } from './decoder.ts';
import { EventDecoder, type EventPictures, type FeedFragment } from './event-decoder.ts';
import { type AnalysisSize, analysisSize } from './frames.ts';
import { type GopEntry, gopEntry, gopFragments, ownBytes } from './gop.ts';
import type { CameraMotionSettings, MotionNotice, MotionPictures, MotionSink } from './sink.ts';
import { MotionTracker, type TrackerStep } from './tracker.ts';
import { zoneMask } from './zone-mask.ts';

/** A keyframe with its init segment: what a thumbnail and still are made from. */
export interface KeyframeSnapshot {
  init: Buffer;
  keyframe: Buffer;
  wallMs: number;
  /** The picture's size, when known: main's keyframes (another stream analysed) then get an event decoder of
   * their own (decision 0557). */
  width?: number | undefined;
  height?: number | undefined;
  /** Its video's RFC 6381 codec (an H.265 stream's event decoder works differently: needsFreshDecoder). */
  codec?: string | undefined;
}

export interface MotionWorkerOptions {
  uidd: Uidd;
  ffmpegPath: string;
  log: RecorderLog;
  settings: CameraMotionSettings;
  rom: boolean;
  sink: MotionSink;
  /** JPEGs of a keyframe (the recorder's still queue): when no event decoder can make them (it failed, or main's
   * size is unknown). */
  pictures(s: KeyframeSnapshot): Promise<{ thumb: Buffer; still: Buffer }>;
  /** Width of the events' thumbnails (default THUMB_WIDTH, as the still queue's). */
  thumbWidth?: number;
  /** When the analysed stream is not the main one: main's latest keyframe, for full-size pictures. */
  mainKeyframe?: (() => KeyframeSnapshot | undefined) | undefined;
  notice(n: MotionNotice): void;
  /** Record on motion: an event opened at (no later than) startMs; closed at endMs, or null while open. */
  window(w: { key: object; startMs: number; endMs: number | null }): void;
  /** Find the first moving picture of the GOP before the detecting keyframe (default true). */
  refine?: boolean;
  /** Reads back the tapped stream's recorded bytes (StreamWorker.readSpan): the GOP is then kept as file places
   * (onFragment's `at`), not bytes. Without it, the GOP's bytes are kept. */
  read?: SpanReader | undefined;
}

interface FedKeyframe {
  wallMs: number;
  data: Buffer;
  /** The fragments from the previous keyframe up to this one. */
  gopBefore: GopEntry[];
}

interface OpenEvent {
  key: object;
  detectedAtMs: number;
  startMs: number;
  score: number;
  startPicture: KeyframeSnapshot | undefined;
  peakPicture: KeyframeSnapshot | undefined;
  /** Moving area of the picture kept so far. */
  pictureFraction: number;
  id: Promise<string | undefined>;
}

/** How much bigger than the kept picture's moving area a peak must be to get pictures of its own. */
const PEAK_PICTURE_GAIN = 1.25;

/** Fragments kept for the start refinement: one GOP, up to this many (a 10 s GOP at 30 fps fits). */
const GOP_MAX_FRAGMENTS = 300;

/**
 * Motion detection for one camera (decision 0550): keyframes of one stream go to a KeyframeDecoder; each small
 * grey picture is compared with the running background (MotionAnalyzer); the tracker makes events, whose start is
 * refined to the first moving picture of the GOP before the keyframe that saw it, with a thumbnail and still at
 * the start and at the peak, both made by the camera's EventDecoder (0557). Events go to the sink; nothing here
 * can block or fail the recording.
 */
export class MotionWorker {
  private readonly o: MotionWorkerOptions;
  private readonly decoder: KeyframeDecoder;
  /** Refinements and pictures of the analysed stream (decision 0557). */
  private readonly events: EventDecoder;
  /** Pictures of main's keyframes, when another stream is analysed: started at the first event. */
  private mainEvents: { decoder: EventDecoder; init: Buffer } | undefined;
  private readonly tracker = new MotionTracker();
  private analyzer: MotionAnalyzer | undefined;
  private settings: CameraMotionSettings;
  private rom: boolean;
  private init: { data: Buffer; size: AnalysisSize } | undefined;
  private gop: GopEntry[] = [];
  private fed: FedKeyframe[] = [];
  /** A keyframe (its own bytes) waiting for the fragment after it (see KeyframeDecoder). */
  private waiting: { wallMs: number; data: Buffer; gopBefore: GopEntry[] } | undefined;
  private current: OpenEvent | undefined;
  private readonly tasks = new Set<Promise<unknown>>();
  private closed = false;

  constructor(o: MotionWorkerOptions) {
    this.o = o;
    this.settings = o.settings;
    this.rom = o.rom;
    this.decoder = new KeyframeDecoder({
      ffmpegPath: o.ffmpegPath,
      log: o.log,
      name: o.uidd,
      onFrame: (f) => this.onFrame(f),
    });
    this.events = new EventDecoder({
      ffmpegPath: o.ffmpegPath,
      log: o.log,
      name: o.uidd,
      thumbWidth: o.thumbWidth ?? THUMB_WIDTH,
    });
  }

  /** The running decoder's counts, and the event decoder's ffmpeg starts and jobs. */
  get stats(): KeyframeDecoder['stats'] & { eventStarts: number; eventJobs: number } {
    const main = this.mainEvents?.decoder.stats ?? { starts: 0, jobs: 0 };
    return {
      ...this.decoder.stats,
      eventStarts: this.events.stats.starts + main.starts,
      eventJobs: this.events.stats.jobs + main.jobs,
    };
  }

  update(settings: CameraMotionSettings, rom: boolean): void {
    this.settings = settings;
    this.rom = rom;
    const a = this.analyzer;
    if (a) {
      a.setSensitivity(settings.sensitivity);
      a.setMask(zoneMask(a.width, a.height, settings.zones));
    }
  }

  // ---- the stream tap -------------------------------------------------------------------------------------

  onInit(init: InitSegment): void {
    if (this.closed) return;
    const video = init.info.video;
    this.gop = [];
    this.fed = [];
    this.waiting = undefined;
    if (!video?.width || !video.height) {
      this.init = undefined;
      this.o.log.warn({ uidd: this.o.uidd }, 'motion: the stream has no video size; not analysed');
      return;
    }
    this.init = { data: init.data, size: analysisSize(video.width, video.height) };
    this.decoder.setInit(init.data, this.init.size);
    this.events.setInit(init.data, this.init.size, video.codec);
  }

  /**
   * A fragment of the tapped stream; `at`: where the writer put it. Its bytes may be borrowed (0212): only the
   * keyframe and its follower are copied (the decoder writes them asynchronously); the rest of the GOP is kept as
   * its place in the segment file and read back when an event's start is refined.
   */
  onFragment(f: TimedFragment, at?: FileSpan): void {
    if (this.closed || !f.video || !this.init) return;
    const waiting = this.waiting;
    this.waiting = undefined;
    let own: Buffer | undefined;
    if (waiting) {
      own = ownBytes(f);
      if (this.decoder.push(waiting.data, own, waiting.wallMs)) {
        this.fed.push({ wallMs: waiting.wallMs, data: waiting.data, gopBefore: waiting.gopBefore });
        if (this.fed.length > 4) this.fed.shift();
      }
    }
    const place = this.o.read ? at : undefined;
    if (f.keyframe) {
      own ??= ownBytes(f);
      this.waiting = { wallMs: f.wallMs, data: own, gopBefore: this.gop };
      this.gop = [gopEntry(f, place, own)];
    } else if (this.gop.length > 0 && this.gop.length < GOP_MAX_FRAGMENTS) {
      this.gop.push(gopEntry(f, place, own));
    }
  }

  onRunEnd(): void {
    this.gop = [];
    this.waiting = undefined;
    for (const step of this.tracker.flush()) this.handle(step, undefined);
  }

  /** Stops the decoder and waits for the events in flight to reach the sink. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.onRunEnd();
    this.closed = true;
    await this.decoder.stop();
    await Promise.allSettled(this.tasks);
    await Promise.all([this.events.stop(), this.mainEvents?.decoder.stop()]);
  }

  // ---- detection ------------------------------------------------------------------------------------------

  private onFrame(f: DecodedFrame): void {
    if (this.closed) return;
    let a = this.analyzer;
    if (!a || a.width !== f.size.width || a.height !== f.size.height) {
      a = new MotionAnalyzer({
        width: f.size.width,
        height: f.size.height,
        sensitivity: this.settings.sensitivity,
        mask: zoneMask(f.size.width, f.size.height, this.settings.zones),
      });
      this.analyzer = a;
    }
    const analysis = a.analyze(f.grey);
    const fed = this.fed.find((k) => k.wallMs === f.wallMs);
    for (const step of this.tracker.push(f.wallMs, analysis)) this.handle(step, fed);
  }

  private handle(step: TrackerStep, fed: FedKeyframe | undefined): void {
    if (step.type === 'start') this.begin(step.atMs, step.fraction, fed);
    else if (step.type === 'peak') {
      const ev = this.current;
      if (ev) {
        ev.score = Math.max(ev.score, motionScore(step.fraction));
        // A new picture only for a clearly bigger peak: each costs a decode and two JPEG encodes.
        const pic = step.fraction >= PEAK_PICTURE_GAIN * ev.pictureFraction ? this.picture(fed) : undefined;
        if (pic) {
          ev.peakPicture = pic;
          ev.pictureFraction = step.fraction;
        }
      }
    } else this.end(step.endMs, motionScore(step.peakFraction));
  }

  private picture(fed: FedKeyframe | undefined): KeyframeSnapshot | undefined {
    if (this.o.mainKeyframe) return this.o.mainKeyframe();
    return fed && this.init ? { init: this.init.data, keyframe: fed.data, wallMs: fed.wallMs } : undefined;
  }

  private begin(detectedAtMs: number, fraction: number, fed: FedKeyframe | undefined): void {
    const score = motionScore(fraction);
    const picture = this.picture(fed);
    const key = {};
    const kept = fed?.gopBefore ?? [];
    // Record on motion needs the video from before the event: claim it now, from the previous keyframe on.
    this.o.window({ key, startMs: kept[0]?.wallMs ?? detectedAtMs, endMs: null });
    // Read back now, while its segment is among the writer's last: undefined (no refinement) when it cannot be.
    const gop = kept.length > 1 && this.o.refine !== false ? gopFragments(kept, this.o.read) : undefined;
    if (kept.length > 1 && this.o.refine !== false && !gop)
      this.o.log.debug(
        { uidd: this.o.uidd },
        'motion: the GOP before the keyframe cannot be read back; not refined',
      );
    const ev: OpenEvent = {
      key,
      detectedAtMs,
      startMs: detectedAtMs,
      score,
      startPicture: picture,
      peakPicture: picture,
      pictureFraction: fraction,
      id: Promise.resolve(undefined),
    };
    this.current = ev;
    const rom = this.rom;
    const init = this.init?.data;
    const keyframe = fed ? { data: fed.data, wallMs: fed.wallMs } : undefined;
    ev.id = this.track(
      (async () => {
        const { startMs, pictures } =
          init && gop && keyframe
            ? await this.refineStart(init, gop, keyframe, detectedAtMs, picture)
            : { startMs: detectedAtMs, pictures: await this.makePictures(picture) };
        ev.startMs = startMs;
        const id = await this.o.sink.started({
          uidd: this.o.uidd,
          startMs: ev.startMs as EpochMs,
          score: ev.score,
          rom,
          pictures,
        });
        this.o.notice({
          phase: 'start',
          uidd: this.o.uidd,
          id,
          startMs: ev.startMs as EpochMs,
          detectedAtMs: detectedAtMs as EpochMs,
          score: ev.score,
        });
        return id;
      })().catch((err: unknown) => {
        this.o.log.error({ uidd: this.o.uidd, err: String(err) }, 'motion event not stored');
        return undefined;
      }),
    );
  }

  private end(endMs: number, score: number): void {
    const ev = this.current;
    if (!ev) return;
    this.current = undefined;
    ev.score = Math.max(ev.score, score);
    this.o.window({ key: ev.key, startMs: ev.startMs, endMs });
    const rom = this.rom;
    void this.track(
      (async () => {
        const id = await ev.id;
        if (id === undefined) return;
        const pictures = ev.peakPicture !== ev.startPicture ? await this.makePictures(ev.peakPicture) : null;
        const end = Math.max(endMs, ev.startMs) as EpochMs;
        await this.o.sink.ended(id, {
          uidd: this.o.uidd,
          startMs: ev.startMs as EpochMs,
          endMs: end,
          score: ev.score,
          rom,
          pictures,
        });
        this.o.notice({
          phase: 'end',
          uidd: this.o.uidd,
          id,
          startMs: ev.startMs as EpochMs,
          endMs: end,
          score: ev.score,
        });
      })().catch((err: unknown) => {
        this.o.log.error({ uidd: this.o.uidd, err: String(err) }, 'motion event end not stored');
      }),
    );
  }

  /**
   * The first picture of the GOP before the detecting keyframe that already moves (else the keyframe's time), and
   * the event's pictures: the detecting keyframe's, made by the same decode when it is the analysed stream's.
   */
  private async refineStart(
    init: Buffer,
    gop: readonly FeedFragment[],
    keyframe: FeedFragment,
    detectedAtMs: number,
    picture: KeyframeSnapshot | undefined,
  ): Promise<{ startMs: number; pictures: MotionPictures | null }> {
    const a = this.analyzer;
    const own = this.isOwn(picture);
    // Main's pictures (another stream analysed) meanwhile, by their own decoder: both at once, for a prompt alert.
    const mainPictures = own ? undefined : this.makePictures(picture);
    try {
      // The first picture is the previous keyframe, already found still.
      const r = await this.events.refine(
        init,
        gop,
        keyframe,
        (f, i) =>
          i > 0 &&
          a !== undefined &&
          f.size.width === a.width &&
          f.size.height === a.height &&
          a.analyze(f.grey, { learn: false }).moving,
      );
      const startMs = r.first?.wallMs ?? detectedAtMs;
      return {
        startMs,
        pictures:
          own && picture ? this.asPictures(r.pictures, picture.wallMs) : ((await mainPictures) ?? null),
      };
    } catch (err) {
      this.o.log.warn({ uidd: this.o.uidd, err: String(err) }, 'motion start refinement failed');
      return { startMs: detectedAtMs, pictures: await (mainPictures ?? this.makePictures(picture)) };
    }
  }

  /** A snapshot of the analysed stream as it is now: the event decoder can make its pictures. */
  private isOwn(s: KeyframeSnapshot | undefined): boolean {
    return s !== undefined && !this.o.mainKeyframe && s.init === this.init?.data;
  }

  private asPictures(p: EventPictures, atMs: number): MotionPictures {
    return { thumb: p.thumb, still: p.still, atMs: atMs as EpochMs };
  }

  /** The event decoder that can make the snapshot's pictures: the analysed stream's, or main's own. */
  private decoderFor(s: KeyframeSnapshot): EventDecoder | undefined {
    if (this.isOwn(s)) return this.events;
    if (!this.o.mainKeyframe || !s.width || !s.height) return undefined;
    if (!this.mainEvents) {
      const decoder = new EventDecoder({
        ffmpegPath: this.o.ffmpegPath,
        log: this.o.log,
        name: `${this.o.uidd} main`,
        thumbWidth: this.o.thumbWidth ?? THUMB_WIDTH,
      });
      this.mainEvents = { decoder, init: s.init };
      decoder.setInit(s.init, analysisSize(s.width, s.height), s.codec);
    } else if (this.mainEvents.init !== s.init) {
      this.mainEvents.init = s.init;
      this.mainEvents.decoder.setInit(s.init, analysisSize(s.width, s.height), s.codec);
    }
    return this.mainEvents.decoder;
  }

  private async makePictures(s: KeyframeSnapshot | undefined): Promise<MotionPictures | null> {
    if (!s) return null;
    const decoder = this.closed ? undefined : this.decoderFor(s);
    if (decoder) {
      try {
        const p = await decoder.pictures(s.init, { data: s.keyframe, wallMs: s.wallMs });
        return this.asPictures(p, s.wallMs);
      } catch (err) {
        this.o.log.warn({ uidd: this.o.uidd, err: String(err) }, 'event decoder pictures failed');
      }
    }
    try {
      const { thumb, still } = await this.o.pictures(s);
      return { thumb, still, atMs: s.wallMs as EpochMs };
    } catch (err) {
      this.o.log.warn({ uidd: this.o.uidd, err: String(err) }, 'motion pictures failed');
      return null;
    }
  }

  private track<T>(p: Promise<T>): Promise<T> {
    this.tasks.add(p);
    void p.finally(() => this.tasks.delete(p));
    return p;
  }
}
