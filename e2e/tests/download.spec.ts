import { execFileSync } from 'node:child_process';
import { signInAs } from '../fixtures.ts';
import { PlaybackPageObject } from '../pages/playback-page.ts';
import { expect, test } from '../recordings.ts';

const hhmm = (ms: number) => new Date(ms).toISOString().slice(11, 16);
const names = (zip: string) =>
  execFileSync(
    '/usr/bin/python3',
    ['-c', "import sys, zipfile; print('\\n'.join(zipfile.ZipFile(sys.argv[1]).namelist()))", zip],
    { encoding: 'utf8' },
  )
    .trim()
    .split('\n');
const duration = (file: string) =>
  Number(
    execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file], {
      encoding: 'utf8',
    }),
  );

test.describe('clip download', () => {
  test('one clip as MP4, several zipped, the results of spec 001 §4', async ({
    page,
    accounts,
    recordings,
  }) => {
    const [first, second] = recordings.front.runs as [[number, number], [number, number]];
    await signInAs(page, accounts.u, '/permission-levels');
    await page.evaluate(() => localStorage.setItem('timezone', 'UTC'));
    const pb = new PlaybackPageObject(page);
    await pb.open({ fromMs: first[0] - 60_000, toMs: second[1] + 60_000 });
    // Whole minutes around the recording (UTC), ending at the minute now is in (the latest the dialog allows).
    const fromMs = Math.floor(first[0] / 60_000) * 60_000;
    const toMs = Math.ceil(Date.now() / 60_000) * 60_000;
    const openDialog = async () => {
      await page.getByRole('button', { name: 'Download', exact: true }).click();
      const d = page.getByRole('dialog');
      await d.getByLabel('Start time').fill(hhmm(fromMs));
      await d.getByLabel('End time').fill(hhmm(toMs));
      return d;
    };
    const choose = async (d: ReturnType<typeof page.getByRole>, cameras: string[]) => {
      for (const name of ['Front door', 'Back door', 'Garage'])
        await d.getByLabel(name)[cameras.includes(name) ? 'check' : 'uncheck']();
    };

    // One camera: an MP4 named from camera, date, time zone and duration; it lasts what was recorded.
    let d = await openDialog();
    await choose(d, ['Front door']);
    let saved = page.waitForEvent('download');
    await d.getByRole('button', { name: 'Download', exact: true }).click();
    const one = await saved;
    const minutes = (toMs - fromMs) / 60_000;
    expect(one.suggestedFilename()).toBe(
      `Front door ${new Date(fromMs).toISOString().slice(0, 10)} ${hhmm(fromMs).replace(':', '-')} UTC ${minutes}m.mp4`,
    );
    const recorded = (first[1] - first[0] + second[1] - second[0]) / 1000;
    expect(Math.abs(duration(await one.path()) - recorded)).toBeLessThanOrEqual(1.5);
    await expect(d.getByTestId('download-outcome')).toHaveAttribute('data-outcome', 'ok');
    await d.getByRole('button', { name: 'Close' }).click();

    // Three cameras, one without video: a zip of two, and some-error.
    d = await openDialog();
    await choose(d, ['Front door', 'Back door', 'Garage']);
    saved = page.waitForEvent('download');
    await d.getByRole('button', { name: 'Download', exact: true }).click();
    const zip = await saved;
    expect(zip.suggestedFilename()).toMatch(/^Clips \d{4}-\d{2}-\d{2} \d{2}-\d{2} UTC\.zip$/);
    expect(names(await zip.path())).toEqual([
      expect.stringMatching(/^Front door /),
      expect.stringMatching(/^Back door /),
    ]);
    await expect(d.getByTestId('download-outcome')).toHaveAttribute('data-outcome', 'some-error');
    await expect(d.getByTestId('download-outcome')).toContainText('Garage: no video in this range');
    await page.screenshot({ path: 'test-results/screens/download-some-error.png' });
    await d.getByRole('button', { name: 'Close' }).click();

    // Only the camera without video: nothing downloaded, no-video.
    d = await openDialog();
    await choose(d, ['Garage']);
    await d.getByRole('button', { name: 'Download', exact: true }).click();
    await expect(d.getByTestId('download-outcome')).toHaveAttribute('data-outcome', 'no-video');
  });
});
