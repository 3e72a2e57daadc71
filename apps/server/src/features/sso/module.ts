import type { Db } from '@vigil/db';
import type { FeatureRoutes } from '../../http/feature-routes.ts';
import type { SsoProviderConfig } from '../../sso-config.ts';
import { OidcProvider } from './oidc.ts';
import { ssoRoutes } from './routes.ts';
import { SsoRepository } from './sso-repository.ts';
import { SsoService, type SsoSessions } from './sso-service.ts';

/** Builds single sign-on (decisions 0830–0833) over the configured providers and auth's session service. */
export function createSso(d: {
  db: Db;
  providers: readonly SsoProviderConfig[];
  sessions: SsoSessions;
  loginPerMin: number;
  now: () => number;
}) {
  const sso = new SsoService({
    repo: new SsoRepository(d.db),
    providers: new Map(d.providers.map((p) => [p.id, new OidcProvider(p)])),
    sessions: d.sessions,
    now: d.now,
  });
  const routes: FeatureRoutes = (app) => app.register(ssoRoutes, { sso, loginPerMin: d.loginPerMin });
  return { sso, routes };
}

export type SsoModule = ReturnType<typeof createSso>;
