import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
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

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

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

    // The dialog opens on a range it can download (ten minutes ending by the minute now is in).
    await page.getByRole('button', { name: 'Download', exact: true }).click();
    const fresh = page.getByRole('dialog');
    await expect(fresh.getByRole('button', { name: 'Download', exact: true })).toBeEnabled();
    await expect(fresh.getByText('The end is too late.')).toHaveCount(0);
    await fresh.getByRole('button', { name: 'Close' }).click();

    // One camera: an MP4 named from camera, date, time zone and duration of what it holds (from the recording's
    // first keyframe, not the asked start); it lasts what was recorded; its SHA-256 is shown, its manifest saved.
    let d = await openDialog();
    await choose(d, ['Front door']);
    let saved = page.waitForEvent('download');
    await d.getByRole('button', { name: 'Download', exact: true }).click();
    const one = await saved;
    const named = /^Front door (\d{4}-\d{2}-\d{2}) (\d{2}-\d{2}) UTC (?:(\d+)m)?(?:(\d+)s)?\.mp4$/.exec(
      one.suggestedFilename(),
    );
    expect(named, one.suggestedFilename()).not.toBeNull();
    expect(named?.slice(1, 3)).toEqual([
      new Date(first[0]).toISOString().slice(0, 10),
      hhmm(first[0]).replace(':', '-'),
    ]);
    const recorded = (first[1] - first[0] + second[1] - second[0]) / 1000;
    const file = await one.path();
    expect(Math.abs(duration(file) - recorded)).toBeLessThanOrEqual(1.5);
    const labelled = Number(named?.[3] ?? 0) * 60 + Number(named?.[4] ?? 0);
    expect(Math.abs(labelled - duration(file))).toBeLessThanOrEqual(1);
    await expect(d.getByTestId('download-outcome')).toHaveAttribute('data-outcome', 'ok');
    await expect(d.getByTestId('download-sha256')).toHaveText(sha256(file));
    saved = page.waitForEvent('download');
    await d.getByRole('button', { name: 'Save the signed manifest' }).click();
    const manifest = JSON.parse(readFileSync(await (await saved).path(), 'utf8'));
    expect([manifest.manifest.sha256, manifest.manifest.camera.name, manifest.alg]).toEqual([
      sha256(file),
      'Front door',
      'Ed25519',
    ]);
    await d.getByRole('button', { name: 'Close' }).click();

    // Three cameras, one without video: a zip of two, and some-error.
    d = await openDialog();
    await choose(d, ['Front door', 'Back door', 'Garage']);
    saved = page.waitForEvent('download');
    await d.getByRole('button', { name: 'Download', exact: true }).click();
    const zip = await saved;
    expect(zip.suggestedFilename()).toMatch(/^Clips \d{4}-\d{2}-\d{2} \d{2}-\d{2} UTC\.zip$/);
    expect(names(await zip.path())).toEqual([
      expect.stringMatching(/^Front door .*\.mp4$/),
      expect.stringMatching(/^Front door .*\.mp4\.manifest\.json$/),
      expect.stringMatching(/^Back door .*\.mp4$/),
      expect.stringMatching(/^Back door .*\.mp4\.manifest\.json$/),
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
