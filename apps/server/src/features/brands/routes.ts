import { createHash } from 'node:crypto';
import {
  BrandAdmin,
  BrandAssetBody,
  BrandAssetName,
  BrandColours,
  BrandDocument,
  BrandDocumentKind,
  BrandId,
  BrandInput,
  BrandList,
  CreateBrandBody,
  Done,
  InstallerBrand,
  InstallerTheme,
  PartnerId,
  PublicBrand,
} from '@vigil/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { media } from '../../http/api-docs.ts';
import { callerOf } from '../../http/auth-guard.ts';
import type { ZodTypeProvider } from '../../http/zod.ts';
import type { BrandAdminService } from './brand-admin.ts';
import type { BrandAssets } from './brand-assets.ts';
import { webManifest } from './brand-page.ts';
import type { BrandService } from './brand-service.ts';

const open = { auth: 'none' } as const;
const image = media('The image', ['image/png', 'image/jpeg', 'image/webp', 'image/x-icon']);
const BrandOnly = z.strictObject({ id: BrandId });
const ForInstaller = z.strictObject({ id: BrandId, installerId: PartnerId });
const AssetParams = BrandOnly.extend({ asset: BrandAssetName });
const InstallerAssetParams = ForInstaller.extend({ asset: BrandAssetName });
const Versioned = z.object({ v: z.string().max(80).optional() });

/**
 * Public, cacheable: a versioned URL (`?v=` the content's hash) never changes, so it is kept for a year; an
 * unversioned one is kept five minutes. Either answers 304 to a matching If-None-Match.
 */
function sendCached(
  req: FastifyRequest,
  reply: FastifyReply,
  etag: string,
  type: string,
  body: Buffer | string,
) {
  const versioned = typeof (req.query as { v?: string }).v === 'string';
  reply
    .header('etag', etag)
    .header('cache-control', versioned ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
  if (req.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply.type(type).send(body);
}

const jsonTag = (body: string) => `"${createHash('sha256').update(body).digest('hex').slice(0, 32)}"`;

/** Brands (decision 0820), public: the current host's brand and documents, assets per brand and installer. */
export async function brandRoutes(
  app: FastifyInstance,
  d: { brands: BrandService; assets: BrandAssets },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { brands, assets } = d;
  r.get('/brand', { config: open, schema: { response: { 200: PublicBrand } } }, (req) =>
    brands.brandForHost(req.hostname),
  );
  r.get(
    '/brand/documents/:kind',
    {
      config: open,
      schema: { params: z.strictObject({ kind: BrandDocumentKind }), response: { 200: BrandDocument } },
    },
    (req) => brands.document(req.hostname, req.params.kind),
  );
  r.get('/manifest.webmanifest', { config: open }, async (req, reply) => {
    const body = JSON.stringify(webManifest(await brands.brandForHost(req.hostname)));
    return sendCached(req, reply, jsonTag(body), 'application/manifest+json', body);
  });
  const colours = async (req: FastifyRequest, reply: FastifyReply, id: string, installerId?: string) => {
    const body = JSON.stringify(BrandColours.parse(await brands.colours(id, installerId)));
    return sendCached(req, reply, jsonTag(body), 'application/json; charset=utf-8', body);
  };
  r.get('/brands/:id/colours.json', { config: open, schema: { params: BrandOnly } }, (req, reply) =>
    colours(req, reply, req.params.id),
  );
  r.get(
    '/brands/:id/installers/:installerId/colours.json',
    { config: open, schema: { params: ForInstaller } },
    (req, reply) => colours(req, reply, req.params.id, req.params.installerId),
  );
  r.get(
    '/brands/:id/:asset',
    { config: open, schema: { params: AssetParams, querystring: Versioned, response: { 200: image } } },
    async (req, reply) => {
      const a = await assets.get(req.params.id, req.params.asset);
      return sendCached(req, reply, a.etag, a.contentType, a.body);
    },
  );
  r.get(
    '/brands/:id/installers/:installerId/:asset',
    {
      config: open,
      schema: { params: InstallerAssetParams, querystring: Versioned, response: { 200: image } },
    },
    async (req, reply) => {
      const a = await assets.get(req.params.id, req.params.asset, req.params.installerId);
      return sendCached(req, reply, a.etag, a.contentType, a.body);
    },
  );
}

/** Support manages brands; installers set their own logo and colours (decision 0820). */
export async function manageBrandRoutes(
  app: FastifyInstance,
  d: { brands: BrandService; admin: BrandAdminService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { brands, admin } = d;
  r.get('/support/brands', { schema: { response: { 200: BrandList } } }, (req) => admin.list(callerOf(req)));
  r.post('/support/brands', { schema: { body: CreateBrandBody, response: { 200: BrandAdmin } } }, (req) =>
    admin.create(callerOf(req), req.body),
  );
  r.put(
    '/support/brands/:id',
    { schema: { params: BrandOnly, body: BrandInput, response: { 200: BrandAdmin } } },
    (req) => admin.update(callerOf(req), req.params.id, req.body),
  );
  r.delete('/support/brands/:id', { schema: { params: BrandOnly, response: { 200: Done } } }, (req) =>
    admin.remove(callerOf(req), req.params.id),
  );
  r.put(
    '/support/brands/:id/assets/:asset',
    { schema: { params: AssetParams, body: BrandAssetBody, response: { 200: BrandAdmin } } },
    (req) => admin.putAsset(callerOf(req), req.params.id, req.params.asset, req.body),
  );

  // An installer's own logo and colours for its customers (spec 001 §3).
  r.get('/partners/brand', { schema: { response: { 200: InstallerBrand } } }, (req) =>
    admin.installerBrand(callerOf(req)),
  );
  r.put(
    '/partners/brand',
    { schema: { body: InstallerTheme, response: { 200: InstallerBrand } } },
    async (req) =>
      admin.setInstallerTheme(callerOf(req), req.body, (await brands.indexedForHost(req.hostname)).row.id),
  );
  r.put(
    '/partners/brand/logo.png',
    { schema: { body: BrandAssetBody, response: { 200: InstallerBrand } } },
    (req) => admin.putInstallerLogo(callerOf(req), req.body),
  );
}
