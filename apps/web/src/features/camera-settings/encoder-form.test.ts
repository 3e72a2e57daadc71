import type { StreamEncoder } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { changesOf, encoderProblems, valuesOf } from './encoder-form.ts';

/** The simulator's sub stream as GET /cameras/stream/encoders answers it (decision 0714's offer). */
const sub: StreamEncoder = {
  width: 640,
  height: 360,
  frameRate: 10,
  bitrateKbps: 512,
  gopFrames: 10,
  encoding: 'H264',
  resolutions: [
    { width: 640, height: 360 },
    { width: 480, height: 270 },
    { width: 320, height: 180 },
  ],
  frameRateRange: { min: 1, max: 30 },
  bitrateKbpsRange: { min: 64, max: 8000 },
  gopFramesRange: { min: 1, max: 300 },
};

describe('the encoder form (decision 0852)', () => {
  it('starts from the camera’s values and sends only what changed', () => {
    const v = valuesOf(sub);
    expect(v).toEqual({ resolution: '640x360', frameRate: '10', bitrateKbps: '512', gopFrames: '10' });
    expect(changesOf(v, sub)).toEqual({});
    expect(changesOf({ ...v, resolution: '320x180', gopFrames: '20' }, sub)).toEqual({
      width: 320,
      height: 180,
      gopFrames: 20,
    });
  });

  it('names each value outside the camera’s ranges', () => {
    const v = valuesOf(sub);
    expect(encoderProblems(v, sub)).toEqual({});
    expect(
      encoderProblems({ resolution: '1000x500', frameRate: '31', bitrateKbps: '63', gopFrames: '2.5' }, sub),
    ).toEqual({
      resolution: { key: 'size' },
      frameRate: { key: 'range', min: 1, max: 30 },
      bitrateKbps: { key: 'range', min: 64, max: 8000 },
      gopFrames: { key: 'whole' },
    });
    expect(encoderProblems({ ...v, frameRate: '' }, sub)).toEqual({ frameRate: { key: 'whole' } });
  });

  it('leaves out the key-frame interval of a camera that does not report one', () => {
    const silent = { ...sub, gopFrames: null, gopFramesRange: null };
    expect(encoderProblems({ ...valuesOf(silent), gopFrames: 'x' }, silent)).toEqual({});
    expect(changesOf({ ...valuesOf(silent), gopFrames: '5' }, silent)).toEqual({});
  });

  it('without a range from the camera, any whole number from 1', () => {
    const open = { ...sub, bitrateKbpsRange: null };
    expect(encoderProblems({ ...valuesOf(open), bitrateKbps: '20000' }, open)).toEqual({});
    expect(encoderProblems({ ...valuesOf(open), bitrateKbps: '0' }, open)).toEqual({
      bitrateKbps: { key: 'whole' },
    });
  });
});
