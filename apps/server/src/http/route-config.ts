/** Per-route settings every route declares in `config`. */
export interface RouteAccess {
  /** 'required' (default): a valid auth token; 'optional': the caller is attached when present; 'none'. */
  auth?: 'required' | 'optional' | 'none';
  /** Changes a demo session may make anyway (signing out, refreshing, reporting errors). */
  demoAllowed?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig extends RouteAccess {}
}
