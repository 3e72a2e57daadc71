import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { DOCS_CSP } from './api-docs.ts';

interface Operation {
  security?: unknown[];
  responses: Record<
    string,
    { description: string; content?: Record<string, { schema: Record<string, unknown> }> }
  >;
}
type Document = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
};

/** Fastify's `/a/:b/*` as OpenAPI names it: `/a/{b}/{*}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{*}');

describe('the API description (decision 0020)', () => {
  let t: TestApp;
  let doc: Document;
  const webDist = mkdtempSync(join(tmpdir(), 'vigil-docs-web-'));
  beforeAll(async () => {
    // A built web app, so the page fallback (a navigation gets index.html) is in place.
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>web app</title>');
    t = await createTestApp('sqlite', { WEB_DIST: webDist });
    const res = await t.app.inject({ url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(async () => {
    await t.app.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('is OpenAPI 3.1 with the spec’s paths and field names', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('Vigil API');
    const login = doc.paths['/login']?.post?.responses['200']?.content?.['application/json']?.schema;
    // LoginResponse: the account (spec 000 §3) or the location of its region.
    const variants = (login?.anyOf ?? []) as Array<{ properties: Record<string, unknown> }>;
    expect(variants.map((v) => Object.keys(v.properties).sort()[0])).toEqual(['location', 'accountInfo']);
    expect(Object.keys(variants[1]?.properties ?? {})).toContain('authToken');
    expect(Object.keys(variants[1]?.properties ?? {})).toContain('managementToken');
    const cameras = doc.paths['/cameras']?.get?.responses['200']?.content?.['application/json']?.schema as {
      type: string;
      items: { properties: Record<string, unknown> };
    };
    expect(cameras.type).toBe('array');
    expect(Object.keys(cameras.items.properties)).toEqual(
      expect.arrayContaining(['uidd', 'owner', 'logger']),
    );
    expect(doc.paths['/cameras']?.post?.responses['201']).toBeDefined();
    expect(doc.paths['/web-errors/{uid}/slack']?.post?.responses['202']).toBeDefined();
  });

  it('gives byte-streaming routes their content type and every error the one error shape', () => {
    const video = doc.paths['/video/mp4/{owner}/{device}/{startSec}/{endSec}']?.get?.responses;
    expect(video?.['200']?.content?.['video/mp4']?.schema).toEqual({ type: 'string', format: 'binary' });
    const error = video?.['4XX']?.content?.['application/json']?.schema as { required: string[] };
    expect(error.required).toEqual(['error', 'code']);
    const playlist = doc.paths['/hls/{owner}/{device}/{startSec}/{endSec}/index.m3u8']?.get?.responses['200'];
    expect(Object.keys(playlist?.content ?? {})).toEqual(['application/vnd.apple.mpegurl']);
    expect(doc.paths['/health']?.get?.security).toEqual([]);
    expect(doc.paths['/health']?.get?.responses['503']).toBeDefined();
  });

  it('documents an answer of every route of the app', () => {
    const missing = t.routes
      // Not the API: the page itself, and the web app's files.
      .filter((r) => r.method !== 'HEAD' && !r.url.startsWith('/docs') && !existsSync(join(webDist, r.url)))
      .filter((r) => {
        const op = doc.paths[openApiPath(r.url)]?.[r.method.toLowerCase()];
        // Its own answers with their content, besides the 4XX and 5XX error shape every route with a schema is
        // given (a route without a response schema is listed with a bare "200: Default Response").
        return (
          !op ||
          !Object.entries(op.responses).some(([code, r]) => !/^[45]XX$/.test(code) && r.content !== undefined)
        );
      })
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });

  it('serves Swagger UI at /docs under its own CSP, not the web app', async () => {
    const page = await t.app.inject({
      url: '/docs',
      headers: { accept: 'text/html', 'sec-fetch-mode': 'navigate' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-ui-bundle.js');
    expect(page.headers['content-security-policy']).toBe(DOCS_CSP);
    expect(page.headers['x-frame-options']).toBe('DENY');
    const script = await t.app.inject({ url: '/docs/static/swagger-initializer.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toBe('application/javascript; charset=utf-8');
    // Any other navigation is still the web app's.
    const app = await t.app.inject({
      url: '/cameras',
      headers: { accept: 'text/html', 'sec-fetch-mode': 'navigate' },
    });
    expect(app.body).toBe('<!doctype html><title>web app</title>');
  });
});
