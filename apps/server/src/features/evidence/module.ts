import { APP_VERSION } from '@vigil/contracts';
import type { Db } from '@vigil/db';
import type { FeatureRoutes } from '../../http/feature-routes.ts';
import { UserDirectory } from '../auth/user-directory.ts';
import { EvidenceRepository } from './evidence-repository.ts';
import { EvidenceService } from './evidence-service.ts';
import { WindowCounter } from './rate-limiter.ts';
import { evidenceRoutes } from './routes.ts';
import { SigningKeys } from './signing-keys.ts';

/** Checks one address may make per minute (hashes of dropped files, manifest reads): people check a few files. */
const EVIDENCE_LOOKUPS_PER_IP_PER_MIN = 60;

/** Builds the evidence feature for buildApp: the service (app.services.evidence) and its routes. */
export function createEvidence(d: { db: Db; secret: string; publicUrl: string; now: () => number }): {
  service: EvidenceService;
  routes: FeatureRoutes;
} {
  const repo = new EvidenceRepository(d.db);
  const service = new EvidenceService({
    repo,
    users: new UserDirectory(d.db),
    keys: new SigningKeys(repo, d.secret, d.now),
    service: { url: d.publicUrl, version: APP_VERSION },
    now: d.now,
  });
  const lookupsPerIp = new WindowCounter(EVIDENCE_LOOKUPS_PER_IP_PER_MIN, 60_000, d.now);
  return { service, routes: (app) => app.register(evidenceRoutes, { evidence: service, lookupsPerIp }) };
}
