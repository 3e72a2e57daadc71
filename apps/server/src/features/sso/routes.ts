import {
  LoginResult,
  SsoCallbackBody,
  SsoCallbackResult,
  SsoLinked,
  SsoLoginBody,
  SsoProviderParams,
  SsoProviders,
  SsoStartBody,
  SsoStartResult,
} from '@vigil/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerOf } from '../../http/auth-guard.ts';
import { limiter } from '../../http/rate-limits.ts';
import type { ZodTypeProvider } from '../../http/zod.ts';
import type { ClientInfo } from '../auth/session-service.ts';
import type { SsoService } from './sso-service.ts';

const MIN = 60_000;
const clientOf = (req: FastifyRequest): ClientInfo => ({ ip: req.ip, userAgent: req.headers['user-agent'] });

/**
 * Where the provider sends the browser back: the web app's screen on the host the user is on (a brand's host
 * included). The provider only redirects to addresses registered with it, so a forged Host leads nowhere.
 */
function redirectUri(
  req: FastifyRequest,
  provider: string,
  body: { purpose: string; route?: string },
): string {
  const origin = `${req.protocol}://${req.host}`;
  const p = encodeURIComponent(provider);
  if (body.purpose === 'convert') return `${origin}/sso/${p}/convert/end`;
  return `${origin}/${body.route === 'oauth' ? 'oauth' : 'sso'}/${p}/end`;
}

/** Single sign-on's calls (decision 0830): thin handlers over SsoService. */
export async function ssoRoutes(
  app: FastifyInstance,
  d: { sso: SsoService; loginPerMin: number },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Sign-ins by provider count with password sign-ins' limit, per client address.
  const loginLimit = limiter(app, d.loginPerMin, MIN, {
    name: 'login-sso',
    what: 'Too many sign-in attempts',
  });

  r.get(
    '/sso/providers',
    { config: { auth: 'none' }, schema: { response: { 200: SsoProviders } } },
    async () => ({ providers: d.sso.list() }),
  );

  r.post(
    '/sso/:provider/authorize',
    {
      config: { auth: 'optional' },
      onRequest: loginLimit,
      schema: { params: SsoProviderParams, body: SsoStartBody, response: { 200: SsoStartResult } },
    },
    (req) =>
      d.sso.start({
        provider: req.params.provider,
        purpose: req.body.purpose,
        route: req.body.route,
        redirectUri: redirectUri(req, req.params.provider, req.body),
        host: req.host,
        caller: req.caller,
      }),
  );

  r.post(
    '/sso/:provider/callback',
    {
      config: { auth: 'none' },
      onRequest: loginLimit,
      schema: { params: SsoProviderParams, body: SsoCallbackBody, response: { 200: SsoCallbackResult } },
    },
    (req) => d.sso.callback(req.params.provider, req.body.query, req.body.binding, clientOf(req)),
  );

  r.post(
    '/sso/:provider/link',
    { schema: { params: SsoProviderParams, body: SsoCallbackBody, response: { 200: SsoLinked } } },
    (req) => d.sso.convert(req.params.provider, req.body.query, req.body.binding, callerOf(req)),
  );

  r.post(
    '/login/sso/:provider',
    {
      config: { auth: 'none' },
      onRequest: loginLimit,
      schema: { params: SsoProviderParams, body: SsoLoginBody, response: { 200: LoginResult } },
    },
    (req) => d.sso.appLogin(req.params.provider, req.body.id_token, req.body.refresh_token, clientOf(req)),
  );
}
