import type { Page } from '@playwright/test';
import { decodeClockBar } from '@vigil/simulator';
import { sleep } from './proc.ts';

/** Frames of a clock camera (the simulator burns the wall clock into them) as displayed, and how late they were. */
export interface ClockLatencies {
  /** Display time minus the clock in the picture, per decoded frame, in ms. */
  latencies: number[];
  /** Frames whose clock could not be read. */
  undecoded: number;
}

/**
 * Samples `wanted` displayed frames of the `<video>` at `selector`: at each (requestVideoFrameCallback, its
 * expected display time) the page copies the frame's bottom rows; here their clock bar is decoded and compared with
 * the page's clock at display. Both clocks are this machine's. With `untilMs`, sampling also stops at that time.
 * Throws when the player shows no frame five times.
 */
export async function sampleClockLatencies(
  page: Page,
  selector: string,
  wanted: number,
  o: { log?: (line: string) => void; untilMs?: number } = {},
): Promise<ClockLatencies> {
  const log = o.log ?? console.log;
  const latencies: number[] = [];
  let undecoded = 0;
  let missed = 0;
  while (latencies.length < wanted && Date.now() < (o.untilMs ?? Number.POSITIVE_INFINITY)) {
    const frame = await page.evaluate(
      (selector) =>
        new Promise<{ displayMs: number; width: number; height: number; gray: string } | string>(
          (resolve) => {
            const video = document.querySelector<HTMLVideoElement>(selector)!;
            // A player that shows no frame for 5 s is stuck: say how it stands.
            setTimeout(
              () =>
                resolve(
                  `no frame: t=${video.currentTime} readyState=${video.readyState} error=${video.error?.message}`,
                ),
              5000,
            );
            video.requestVideoFrameCallback((_now, meta) => {
              const width = video.videoWidth;
              const height = video.videoHeight;
              const top = Math.floor(height * 0.6);
              const canvas = document.createElement('canvas');
              canvas.width = width;
              canvas.height = height - top;
              const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
              ctx.drawImage(video, 0, top, width, height - top, 0, 0, width, height - top);
              const rgba = ctx.getImageData(0, 0, width, height - top).data;
              const gray = new Uint8Array(width * (height - top));
              for (let i = 0; i < gray.length; i++) gray[i] = rgba[i * 4 + 1]!;
              let bin = '';
              for (let i = 0; i < gray.length; i += 8192)
                bin += String.fromCharCode(...gray.subarray(i, i + 8192));
              resolve({
                displayMs: performance.timeOrigin + meta.expectedDisplayTime,
                width,
                height: height - top,
                gray: btoa(bin),
              });
            });
          },
        ),
      selector,
    );
    if (typeof frame === 'string') {
      log(frame);
      if (++missed >= 5) throw new Error('the player stopped showing frames');
      continue;
    }
    const gray = new Uint8Array(Buffer.from(frame.gray, 'base64'));
    // decodeClockBar looks at the bottom 40 % of a frame: give it the rows with a blank top above them.
    const full = new Uint8Array(frame.width * frame.height * 2.5);
    full.set(gray, full.length - gray.length);
    const clock = decodeClockBar(full, frame.width, full.length / frame.width);
    if (clock === null) undecoded += 1;
    else latencies.push(frame.displayMs - clock);
    await sleep(150);
  }
  return { latencies, undecoded };
}
