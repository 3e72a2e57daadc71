import { readFileSync } from 'node:fs';
import { get } from 'node:http';
import { join, resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect, type Page, test } from '@playwright/test';
import { E2E_PORT } from '../env.ts';

const dist = resolve(import.meta.dirname, '../../apps/web/dist');

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET with node's client, which (unlike a browser) hands back the bytes as sent. */
function fetchRaw(path: string, headers: Record<string, string>): Promise<Raw> {
  return new Promise((done, fail) => {
    get({ host: '127.0.0.1', port: E2E_PORT, path, headers }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () =>
        done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }),
      );
      res.on('error', fail);
    }).on('error', fail);
  });
}

test('the built app is sent precompressed, brotli or gzip as asked, and as is to a client asking neither', async () => {
  const index = await fetchRaw('/sign-in', { accept: 'text/html' });
  const entry = /<script type="module" crossorigin src="(\/assets\/index-[^"]+\.js)"/.exec(
    index.body.toString(),
  )?.[1];
  expect(entry).toBeDefined();
  const original = readFileSync(join(dist, entry!));
  expect(original.length).toBeGreaterThan(100_000);

  const br = await fetchRaw(entry!, { 'accept-encoding': 'gzip, deflate, br' });
  expect(br.status).toBe(200);
  expect(br.headers['content-encoding']).toBe('br');
  expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
  expect(br.headers['content-type']).toContain('javascript');
  expect(br.headers['cache-control']).toContain('immutable');
  // At least 3 times smaller than the file, and exactly the file once decoded.
  expect(br.body.length).toBeLessThan(original.length / 3);
  expect(brotliDecompressSync(br.body).equals(original)).toBe(true);

  const gz = await fetchRaw(entry!, { 'accept-encoding': 'gzip' });
  expect(gz.headers['content-encoding']).toBe('gzip');
  expect(gunzipSync(gz.body).equals(original)).toBe(true);

  const plain = await fetchRaw(entry!, {});
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body.equals(original)).toBe(true);

  // The page carries the stylesheet inline (decision 0885); the file is still served, for the service worker's shell.
  const css = /href="(\/assets\/index-[^"]+\.css)"/.exec(readFileSync(join(dist, 'index.html'), 'utf8'))?.[1];
  expect(index.body.toString()).toContain(`<style>${readFileSync(join(dist, css!), 'utf8')}</style>`);
  const page = await fetchRaw('/sign-in', { accept: 'text/html', 'accept-encoding': 'br' });
  expect(page.headers['content-encoding']).toBe('br');
  expect(brotliDecompressSync(page.body).equals(index.body)).toBe(true);
  const cssBr = await fetchRaw(css!, { 'accept-encoding': 'br' });
  expect(cssBr.headers['content-encoding']).toBe('br');
  expect(brotliDecompressSync(cssBr.body).equals(readFileSync(join(dist, css!)))).toBe(true);
});

test('API answers over 1 KB are compressed, small ones are not', async () => {
  // The OpenAPI description: tens of KB of JSON.
  const big = await fetchRaw('/docs/json', { accept: 'application/json', 'accept-encoding': 'br, gzip' });
  expect(big.status).toBe(200);
  expect(big.headers['content-encoding']).toBe('br');
  const doc = JSON.parse(brotliDecompressSync(big.body).toString()) as { openapi: string; paths: object };
  expect(doc.openapi).toMatch(/^3\./);
  expect(Object.keys(doc.paths).length).toBeGreaterThan(50);

  const gz = await fetchRaw('/docs/json', { accept: 'application/json', 'accept-encoding': 'gzip' });
  expect(gz.headers['content-encoding']).toBe('gzip');
  expect(JSON.parse(gunzipSync(gz.body).toString())).toEqual(doc);

  // /health answers a few bytes: not worth compressing.
  const small = await fetchRaw('/health', { accept: 'application/json', 'accept-encoding': 'br, gzip' });
  expect(small.status).toBe(200);
  expect(small.headers['content-encoding']).toBeUndefined();
  expect(small.body.length).toBeLessThan(1024);
});

/** Bytes of JavaScript the page has received so far, as sent (brotli), from the browser's resource timing. */
const scriptBytes = (page: Page) =>
  page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((e) => e.initiatorType === 'script' || e.name.endsWith('.js'))
      .map((e) => ({ name: new URL(e.name).pathname, bytes: e.encodedBodySize })),
  );

test('in Chromium, sign-in loads at most 100 KB of JavaScript and the cameras page 155 KB before its first live picture, no player library', async ({
  page,
}) => {
  await page.goto('/sign-in');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  const signIn = await scriptBytes(page);
  const signInBytes = signIn.reduce((s, e) => s + e.bytes, 0);
  // Counted as sent: more than the frameworks' 80 KB, under the budget (uncompressed it would be over 350 KB). The
  // budgets of scripts/web-bundle.ts (decisions 0763, 0860).
  expect(signInBytes).toBeGreaterThan(80 * 1024);
  expect(signInBytes).toBeLessThanOrEqual(100 * 1024);

  await page.goto('/demo/cameras');
  const video = page.getByTestId('live-video').first();
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(2);
  const cameras = await scriptBytes(page);
  expect(cameras.reduce((s, e) => s + e.bytes, 0)).toBeLessThanOrEqual(155 * 1024);
  // The live tiles play over WebSocket + MSE: hls.js and mpegts.js stay unloaded.
  expect(cameras.filter((e) => /\/(hls|mpegts)-/.test(e.name))).toEqual([]);
});
