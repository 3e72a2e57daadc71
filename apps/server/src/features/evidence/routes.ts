import {
  EvidencePublicKey,
  ExportId,
  PublicKeyQuery,
  SignedManifest,
  VerifyExportBody,
  VerifyExportResult,
} from '@vigil/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../../http/errors.ts';
import type { ZodTypeProvider } from '../../http/zod.ts';
import type { EvidenceService } from './evidence-service.ts';
import type { WindowCounter } from './rate-limiter.ts';

export interface EvidenceRouteDeps {
  evidence: EvidenceService;
  /** Verifications and manifest reads per client address per minute: public calls, so floods are capped. */
  lookupsPerIp: WindowCounter;
}

/**
 * Evidence calls (ours, decision 0506). All public: a court or the police check a clip without an account. The
 * manifest needs its export id, an unguessable capability given with the download.
 */
export async function evidenceRoutes(app: FastifyInstance, d: EvidenceRouteDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limit = (req: FastifyRequest) => {
    const wait = d.lookupsPerIp.retryAfterSec(req.ip);
    if (wait)
      throw new HttpError(429, 'rate_limited', 'Too many checks, try again later', {
        'retry-after': String(wait),
      });
    d.lookupsPerIp.hit(req.ip);
  };

  r.get(
    '/exports/public-key',
    {
      config: { auth: 'none' },
      schema: {
        querystring: PublicKeyQuery,
        response: {
          200: {
            description: 'The public key: JSON, or PEM with `format=pem`',
            content: {
              'application/json': { schema: EvidencePublicKey },
              'application/x-pem-file': { schema: z.string() },
            },
          },
        },
      },
    },
    async (req, reply) => {
      const key = await d.evidence.publicKey(req.query.keyId);
      if (req.query.format === 'pem') return reply.type('application/x-pem-file').send(key.publicKeyPem);
      return key;
    },
  );
  r.get(
    '/exports/:id/manifest',
    {
      config: { auth: 'none' },
      schema: { params: z.strictObject({ id: ExportId }), response: { 200: SignedManifest } },
    },
    (req) => {
      limit(req);
      return d.evidence.manifest(req.params.id);
    },
  );
  r.post(
    '/exports/verify',
    { config: { auth: 'none' }, schema: { body: VerifyExportBody, response: { 200: VerifyExportResult } } },
    (req) => {
      limit(req);
      const b = req.body;
      return 'sha256' in b
        ? d.evidence.verifyHash(b.sha256)
        : d.evidence.verifyManifest(b.manifest, b.signature, b.keyId);
    },
  );
}
