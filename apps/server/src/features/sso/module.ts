import type { Db } from '@vigil/db';
import type { Config } from '../../config.ts';
import type { FeatureRoutes } from '../../http/feature-routes.ts';
import type { AuthSsoHooks } from '../auth/module.ts';
import { OidcProvider } from './oidc.ts';
import { ssoRoutes } from './routes.ts';
import { SsoRepository } from './sso-repository.ts';
import { SsoService, type SsoServiceDeps, type SsoSessions } from './sso-service.ts';

/** Builds single sign-on (decisions 0830–0833) over the configured providers and auth's session service. */
export function createSso(d: {
  db: Db;
  config: Pick<Config, 'SSO_PROVIDERS' | 'LOGIN_MAX_PER_MIN'>;
  sessions: SsoSessions;
  now: () => number;
  brandOf?: SsoServiceDeps['brandOf'];
}) {
  const sso = new SsoService({
    repo: new SsoRepository(d.db),
    providers: new Map(d.config.SSO_PROVIDERS.map((p) => [p.id, new OidcProvider(p)])),
    sessions: d.sessions,
    now: d.now,
    brandOf: d.brandOf,
  });
  const routes: FeatureRoutes = (app) =>
    app.register(ssoRoutes, { sso, loginPerMin: d.config.LOGIN_MAX_PER_MIN });
  return { sso, routes };
}

export type SsoModule = ReturnType<typeof createSso>;

/** What auth asks of single sign-on, bound to a service built after auth (read at call time). */
export function ssoHooksFor(service: () => SsoService): AuthSsoHooks {
  return {
    refresh: (seriesId, token) => service().refresh(seriesId, token),
    registrant: (provider, idToken) => service().registrant(provider, idToken),
  };
}
