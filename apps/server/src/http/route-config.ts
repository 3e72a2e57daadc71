import type { MediaGrantPurpose } from '@vigil/contracts';

/** Per-route settings every route declares in `config`. */
export interface RouteAccess {
  /** 'required' (default): a valid auth token; 'optional': the caller is attached when present; 'none'. */
  auth?: 'required' | 'optional' | 'none';
  /** Changes a demo session may make anyway (signing out, refreshing, reporting errors). */
  demoAllowed?: boolean;
  /**
   * The media grant (POST /grants, decision 0014) this route takes in place of a token in its URL (`?token=` or a
   * `:token` path segment): one for this purpose (or one of these) and for the camera its path names.
   */
  grantPurpose?: MediaGrantPurpose | readonly MediaGrantPurpose[];
}

declare module 'fastify' {
  interface FastifyContextConfig extends RouteAccess {}
}
