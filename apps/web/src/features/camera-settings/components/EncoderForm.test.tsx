import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { StreamEncoder } from '@vigil/contracts';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../shared/api/client.ts';
import { initI18n } from '../../../shared/i18n/index.ts';
import { type EncoderChanges, EncoderForm } from './EncoderForm.tsx';

beforeAll(() => initI18n('en'));
afterEach(cleanup);

const sub: StreamEncoder = {
  width: 640,
  height: 360,
  frameRate: 10,
  bitrateKbps: 512,
  gopFrames: 10,
  encoding: 'H264',
  resolutions: [
    { width: 640, height: 360 },
    { width: 320, height: 180 },
  ],
  frameRateRange: { min: 1, max: 30 },
  bitrateKbpsRange: { min: 64, max: 8000 },
  gopFramesRange: { min: 1, max: 300 },
};

function form(onSave: (c: EncoderChanges) => Promise<unknown>, canChange = true) {
  render(<EncoderForm stream="sd" encoder={sub} canChange={canChange} onSave={onSave} />);
  return within(screen.getByRole('group', { name: 'Sub stream' }));
}

describe('EncoderForm (decision 0852)', () => {
  it('shows the camera’s values, labelled, with their ranges', async () => {
    await import('../../../shared/i18n/settings.texts.ts');
    const f = form(async () => undefined);
    expect(f.getByText('H264')).toBeTruthy();
    expect((f.getByLabelText('Resolution') as HTMLSelectElement).value).toBe('640x360');
    expect(f.getAllByRole('option').map((o) => o.textContent)).toEqual(['640 × 360', '320 × 180']);
    expect((f.getByLabelText('Frame rate (frames a second)') as HTMLInputElement).value).toBe('10');
    expect(f.getByText('From 64 to 8000.')).toBeTruthy();
    expect((f.getByLabelText('Key-frame interval (frames)') as HTMLInputElement).value).toBe('10');
  });

  it('refuses a frame rate out of range at its field, sending nothing', async () => {
    await import('../../../shared/i18n/settings.texts.ts');
    const sent: EncoderChanges[] = [];
    const f = form(async (c) => sent.push(c));
    fireEvent.change(f.getByLabelText('Frame rate (frames a second)'), { target: { value: '60' } });
    fireEvent.click(f.getByRole('button', { name: 'Save the sub stream' }));
    expect(await f.findByText('Enter a number from 1 to 30.')).toBeTruthy();
    expect(f.getByLabelText('Frame rate (frames a second)').getAttribute('aria-invalid')).toBe('true');
    expect(f.getByRole('alert').textContent).toBe('Correct the fields marked above.');
    expect(sent).toEqual([]);
  });

  it('sends the new size, says it is saving, then Saved.', async () => {
    await import('../../../shared/i18n/settings.texts.ts');
    const sent: EncoderChanges[] = [];
    let answer: () => void = () => undefined;
    const f = form(
      (c) =>
        new Promise<void>((resolve) => {
          sent.push(c);
          answer = resolve;
        }),
    );
    fireEvent.change(f.getByLabelText('Resolution'), { target: { value: '320x180' } });
    fireEvent.click(f.getByRole('button', { name: 'Save the sub stream' }));
    const busy = await f.findByRole('button', { name: 'Saving… the camera restarts the stream' });
    expect(busy.hasAttribute('disabled')).toBe(true);
    expect(sent).toEqual([{ width: 320, height: 180 }]);
    answer();
    expect((await f.findByRole('status')).textContent).toBe('Saved.');
  });

  it('shows the camera’s refusal in its words', async () => {
    await import('../../../shared/i18n/settings.texts.ts');
    const f = form(async () => {
      throw new ApiRequestError(502, 'stream_camera_failed', 'The camera refused: bit rate not supported');
    });
    fireEvent.change(f.getByLabelText('Bit rate (kbit/s)'), { target: { value: '4000' } });
    fireEvent.click(f.getByRole('button', { name: 'Save the sub stream' }));
    expect((await f.findByRole('alert')).textContent).toBe('The camera refused: bit rate not supported');
  });

  it('read-only without the settings right', async () => {
    await import('../../../shared/i18n/settings.texts.ts');
    const f = form(async () => undefined, false);
    expect(f.queryByRole('button')).toBeNull();
    expect(f.getByLabelText('Resolution').hasAttribute('disabled')).toBe(true);
  });
});
