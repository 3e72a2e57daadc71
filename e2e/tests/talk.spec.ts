import { readFileSync, statSync } from 'node:fs';
import { type Simulator, startSimulator } from '@vigil/simulator';
import { frequencyOf, secondsOf, toneFile } from '../../apps/server/src/testing/tone.ts';
import { expect, signInAs, test } from '../fixtures.ts';
import { InstallPage } from '../pages/install-page.ts';

/**
 * Two-way audio end to end (decision 0709): Chromium's microphone is a recorded 1 kHz tone (its fake capture device
 * reading a WAV file), the person presses Talk and Send on the camera page, and the simulator's camera with a
 * speaker writes what it heard: the oracle is that sound's length and pitch.
 */
const toneWav = toneFile(1000, 30, 'tone.wav');

test.use({
  permissions: ['microphone'],
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${toneWav}`,
    ],
  },
});

let sim: Simulator;
test.beforeAll(async () => {
  // Ports apart from the other suites' simulators and the demo camera's (playwright.config.ts).
  sim = await startSimulator({ cameras: [{ backchannel: true, fps: 5 }], portRange: [18980, 18989] });
});
test.afterAll(async () => {
  await sim?.stop();
});

test('Talk on the camera page plays what the microphone heard out of the camera’s speaker', async ({
  page,
  accounts,
}) => {
  test.setTimeout(90_000);
  await signInAs(page, accounts.u, '/install');
  const install = new InstallPage(page);
  await install.add(sim.cameras[0]!.urls.main, 'Front gate speaker');
  await expect(install.added).toContainText('Front gate speaker was added', { timeout: 20_000 });
  await install.watch.click();
  await expect(page.getByRole('heading', { name: 'Front gate speaker' })).toBeVisible();

  const speakerFile = sim.cameras[0]!.speakerFile!;
  const heard = () => statSync(speakerFile, { throwIfNoEntry: false })?.size ?? 0;
  expect(heard()).toBe(0);
  // The clip lasts from Talk to Send: on a loaded machine that is longer than the two seconds waited for below.
  const talkAt = Date.now();
  await page.getByRole('button', { name: 'Talk' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Recording' })).toBeVisible();
  // At least two seconds recorded: the label counts them, and a loaded machine's polls may step over "Send (2 s)".
  const send = page.getByRole('button', { name: /^Send/ });
  await expect
    .poll(async () => Number(/\((\d+) s\)/.exec((await send.textContent()) ?? '')?.[1] ?? 0))
    .toBeGreaterThanOrEqual(2);
  await send.click();
  const recorded = (Date.now() - talkAt) / 1000;
  // Played in real time: the clip's length, then the transcode and the speaker's tail.
  await expect(page.getByRole('status').filter({ hasText: 'Played on the camera’s speaker' })).toBeVisible({
    timeout: 20_000 + recorded * 1000,
  });
  // The camera writes what it hears as it plays it: the last of it may land just after our status says played.
  await expect.poll(() => secondsOf(readFileSync(speakerFile)), { timeout: 10_000 }).toBeGreaterThan(1.8);
  const pcm = readFileSync(speakerFile);
  const seconds = secondsOf(pcm);
  expect(seconds).toBeLessThan(recorded + 1); // what was recorded, once: not the whole 30 s file, nor twice
  expect(Math.abs(frequencyOf(pcm) - 1000)).toBeLessThan(40);
});
