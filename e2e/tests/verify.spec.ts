import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Uid, Uidd } from '@vigil/contracts';
import { openDb } from '@vigil/db';
import { serverSecret } from '../../apps/server/src/features/bootstrap/secret.ts';
import { createEvidence } from '../../apps/server/src/features/evidence/module.ts';
import { apiLogin, expect, signInAs, test } from '../fixtures.ts';
import { VerifyPage } from '../pages/verify-page.ts';

const dir = mkdtempSync(join(tmpdir(), 'vigil-verify-'));
const FROM = Date.UTC(2026, 10, 20, 13, 5, 0);
const TO = FROM + 10 * 60_000;

/** A real MP4 (ffmpeg's test pattern, 2 s), as a downloaded clip would be. */
function makeClip(name: string): string {
  const path = join(dir, name);
  const input = [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc=duration=2:size=320x240:rate=10',
  ];
  execFileSync('ffmpeg', [...input, '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-y', path]);
  return path;
}

/**
 * An export of `path` recorded as the download route will record it (the routes are wired by another change): the
 * server's own evidence service, on the running server's database, with its secret.
 */
async function seedExport(ownerUid: string, email: string, path: string, publicUrl: string): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (see playwright.config.ts)');
  const handle = openDb({ sqlitePath: join(dataDir, 'vigil.sqlite') });
  try {
    const secret = await serverSecret(handle.db, process.env.SECRET_KEY);
    const { service } = createEvidence({ db: handle.db, secret, publicUrl, now: Date.now });
    const bytes = readFileSync(path);
    const id = await service.begin({
      ownerUid: ownerUid as Uid,
      uidd: `${ownerUid}.frontdoor` as Uidd,
      cameraName: 'Front door',
      fromMs: FROM,
      toMs: TO,
      format: 'mp4',
      stream: 'main',
      filename: 'Front door 2026-11-20 13-05 UTC 10m.mp4',
      exporter: { uid: ownerUid as Uid, email, ip: '127.0.0.1' },
    });
    // The outside oracle for the hash: node:crypto over the file's bytes.
    await service.complete(id, {
      sha256: createHash('sha256').update(bytes).digest('hex'),
      bytes: bytes.length,
    });
    return id;
  } finally {
    await handle.destroy();
  }
}

test('a dropped clip is verified, a modified one is not; a saved manifest is checked by its signature', async ({
  page,
  accounts,
  baseURL,
}) => {
  const login = await apiLogin(page.request, accounts.u);
  const clip = makeClip('clip.mp4');
  const exportId = await seedExport(login.uid, accounts.u.email, clip, baseURL ?? '');
  const original = readFileSync(clip);
  const tampered = Buffer.from(original);
  const middle = Math.floor(tampered.length / 2);
  tampered[middle] = (tampered[middle] ?? 0) ^ 0x01;
  const tamperedPath = join(dir, 'clip-edited.mp4');
  writeFileSync(tamperedPath, tampered);

  const verify = new VerifyPage(page);
  // Signed out: the page is for anyone (a court, the police).
  await page.goto('/verify');
  await expect(verify.heading).toBeVisible();

  await verify.drop(clip);
  const ok = verify.result('clip.mp4');
  await expect(ok.getByText('Verified: this file is unaltered, exactly as it was exported.')).toBeVisible();
  await expect(ok).toContainText('Front door');
  await expect(ok).toContainText(`${login.uid}.frontdoor`);
  await expect(ok).toContainText(accounts.u.email);
  await expect(ok).toContainText('Front door 2026-11-20 13-05 UTC 10m.mp4');
  await expect(ok).toContainText(createHash('sha256').update(original).digest('hex'));

  if (process.env.E2E_SHOTS_DIR) {
    mkdirSync(process.env.E2E_SHOTS_DIR, { recursive: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({
      path: join(process.env.E2E_SHOTS_DIR, 'verify-phone-verified.png'),
      fullPage: true,
    });
    await page.setViewportSize({ width: 1280, height: 720 });
  }

  // The keyboard and phone way in: the button's file input.
  await verify.fileInput.setInputFiles(tamperedPath);
  const bad = verify.result('clip-edited.mp4');
  await expect(bad.getByText('Not verified')).toBeVisible();
  await expect(bad).toContainText('No export has exactly this content.');
  await expect(verify.result('clip.mp4')).toHaveCount(0);

  // The manifest as the download saves it, then the same with the range moved by a second.
  const signed = await (await page.request.get(`/exports/${exportId}/manifest`)).json();
  const manifestPath = join(dir, 'clip.manifest.json');
  writeFileSync(manifestPath, JSON.stringify(signed, null, 2));
  const forgedPath = join(dir, 'forged.manifest.json');
  const forged = { ...signed, manifest: { ...signed.manifest, range: { fromMs: FROM + 1000, toMs: TO } } };
  writeFileSync(forgedPath, JSON.stringify(forged));
  await verify.fileInput.setInputFiles([manifestPath, forgedPath]);
  await expect(
    verify.result('clip.manifest.json').getByText('Verified: this manifest is genuine and unaltered.'),
  ).toBeVisible();
  await expect(verify.result('forged.manifest.json')).toContainText(
    'This manifest has been changed since it was signed.',
  );

  if (process.env.E2E_SHOTS_DIR) {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({
      path: join(process.env.E2E_SHOTS_DIR, 'verify-phone-manifests.png'),
      fullPage: true,
    });
  }
});

test('signed in, /verify opens in the standard frame', async ({ page, accounts }) => {
  await signInAs(page, accounts.u, '/verify');
  const verify = new VerifyPage(page);
  await expect(verify.heading).toBeVisible();
  await expect(verify.choose).toBeEnabled();
});
