import { APP_VERSION } from '@vigil/contracts';
import type { Db } from '@vigil/db';
import { EvidenceRepository } from './evidence-repository.ts';
import { EvidenceService } from './evidence-service.ts';
import { WindowCounter } from './rate-limiter.ts';
import type { EvidenceRouteDeps } from './routes.ts';
import { SigningKeys } from './signing-keys.ts';

/** Checks one address may make per minute (hashes of dropped files, manifest reads): people check a few files. */
const EVIDENCE_LOOKUPS_PER_IP_PER_MIN = 60;

/** Builds the evidence feature for buildApp: the service (app.services.evidence) and its routes' deps. */
export function createEvidence(d: { db: Db; secret: string; publicUrl: string; now: () => number }): {
  service: EvidenceService;
  routes: EvidenceRouteDeps;
} {
  const repo = new EvidenceRepository(d.db);
  const service = new EvidenceService({
    repo,
    keys: new SigningKeys(repo, d.secret, d.now),
    service: { url: d.publicUrl, version: APP_VERSION },
    now: d.now,
  });
  return {
    service,
    routes: {
      evidence: service,
      lookupsPerIp: new WindowCounter(EVIDENCE_LOOKUPS_PER_IP_PER_MIN, 60_000, d.now),
    },
  };
}
