import type { FeatureRoutes } from '../../http/feature-routes.ts';
import type { CameraAccess } from '../access/camera-access.ts';
import { MediaGrants } from './media-grants.ts';
import { grantRoutes } from './routes.ts';

/** Builds the media grants feature (decision 0014): POST /grants, and the grant checks the auth guard makes. */
export function createGrants(d: { secret: string; access: CameraAccess; now: () => number }) {
  const grants = new MediaGrants(d.secret);
  const routes: FeatureRoutes = (app) => app.register(grantRoutes, { grants, access: d.access, now: d.now });
  return {
    /** For the auth guard (http/auth-guard.ts `GuardTokens`), which imports no feature. */
    isGrant: (text: string) => MediaGrants.looksLike(text),
    checkGrant: (text: string, nowMs: number) => grants.check(text, nowMs),
    routes,
  };
}
