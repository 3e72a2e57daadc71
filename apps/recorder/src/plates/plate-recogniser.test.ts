import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { personPicture } from '../labels/testing.ts';
import { PlateRecogniser } from './plate-recogniser.ts';

/**
 * The plate reader on real pictures (decision 0790): plates drawn with real fonts at several heights, tilts and
 * lights on vehicles of several colours (scripts/render-plate-fixtures.ts), read by the real models in the worker
 * thread. The vehicle's box is given (the drawn body is no car to the object detector); the detector's part is
 * checked on a picture without vehicles.
 */
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}.jpg`, import.meta.url));
// The drawn vehicle's body (bodyBox of a 480 × 360 scene), a little wider, as a detector would box it.
const body = [{ label: 'car', confidence: 0.9, box: { x1: 60, y1: 80, x2: 420, y2: 320 } }];

const recogniser = new PlateRecogniser();
afterAll(() => recogniser.close());

describe('plate recogniser', () => {
  it('reads plates of several formats, sizes, tilts and lights, with the vehicle colour and plate side', async () => {
    const names = [
      'gb-front-red',
      'gb-rear-blue-small',
      'gb-rear-green-tilted',
      'fr-white-tilted',
      'us-black-dusk',
      'es-silver',
    ];
    const r = await recogniser.read(names.map(fixture), body)!;
    const got = r.pictures.map((p) =>
      p.reads.map(({ plate, region, colour, location }) => ({ plate, region, colour, location })),
    );
    expect(got).toEqual([
      [{ plate: 'AB12CDE', region: 'GB', colour: 'red', location: 'front' }],
      [{ plate: 'LM67XRT', region: 'GB', colour: 'blue', location: 'rear' }],
      [{ plate: 'KX70YPM', region: 'GB', colour: 'green', location: 'rear' }],
      [{ plate: 'GH456KL', region: null, colour: 'white', location: null }],
      [{ plate: '7ABC123', region: null, colour: 'black', location: null }],
      [{ plate: '4821BCD', region: 'ES', colour: 'silver', location: null }],
    ]);
    for (const p of r.pictures) expect(p.reads[0]!.confidence).toBeGreaterThan(0.8);
    expect(r.loadMs).toBeGreaterThan(0);
  }, 240_000);

  it('finds no vehicle, so reads nothing, in a picture of a person', async () => {
    const r = await recogniser.read([await personPicture()])!;
    expect(r.pictures).toEqual([{ picture: 0, width: 1280, height: 720, vehicles: 0, reads: [] }]);
  }, 120_000);
});
