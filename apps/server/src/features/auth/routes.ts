import {
  DemoLoginQuery,
  Done,
  LoginBody,
  LoginQuery,
  LoginResponse,
  LoginResult,
  LogoutBody,
  LogoutQuery,
  LostPasswordQuery,
  RefreshBody,
  RefreshQuery,
  RefreshResult,
  RegisterBody,
  RegisterQuery,
  RegisterResponse,
  ResetPasswordQuery,
  SelfRegSteps,
  VerifyEmailBody,
} from '@vigil/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { callerOf } from '../../http/auth-guard.ts';
import { conflict, forbidden } from '../../http/errors.ts';
import { limiter } from '../../http/rate-limits.ts';
import type { ZodTypeProvider } from '../../http/zod.ts';
import type { Caller } from '../../shared/caller.ts';
import type { EmailVerificationService } from './email-verification-service.ts';
import type { PasswordResetService } from './password-reset-service.ts';
import type { RegistrationService } from './registration-service.ts';
import type { ClientInfo, SessionService } from './session-service.ts';
import type { UsersRepository } from './users-repository.ts';

export interface AuthRouteDeps {
  limits: AuthLimits;
  sessions: SessionService;
  resets: PasswordResetService;
  registration: RegistrationService;
  verification: EmailVerificationService;
  users: UsersRepository;
  /**
   * Whether the request's host may register users (its brand's canRegister, spec 000 §2; decision 0824): the web
   * app hides /register there, and the call refuses too. Unset: always.
   */
  registrationOpen?: (host: string | undefined) => Promise<boolean>;
  /** Told of each new account and the host it registered on (brands remember it for later e-mails; 0825). */
  registered?: (uid: string, host: string) => Promise<void>;
}

/** Requests per window (decision 0008); the e2e suites raise them. */
export interface AuthLimits {
  loginPerMin: number;
  registerPerHour: number;
  refreshPerMin: number;
  lostPasswordPerHour: number;
}

const MIN = 60_000;
const HOUR = 3_600_000;
/** Keyed on address and account: a shared address (an office, a carrier's NAT) does not lock out its neighbours. */
const addressAndEmail = (req: FastifyRequest) => {
  const b = req.body as { email?: unknown } | undefined;
  const q = req.query as { email?: unknown } | undefined;
  const email = typeof b?.email === 'string' ? b.email : typeof q?.email === 'string' ? q.email : '';
  return `${req.ip}|${email.toLowerCase()}`;
};

const clientOf = (req: FastifyRequest): ClientInfo => ({ ip: req.ip, userAgent: req.headers['user-agent'] });
const UidParams = z.strictObject({ uid: z.string().max(64) });
const StepParams = z.strictObject({ uid: z.string().max(64), step: z.string().regex(/^[a-z_]{1,32}$/) });
const StepBody = z.strictObject({ completed: z.literal(true) });

function ownOrSupport(caller: Caller, uid: string): void {
  if (caller.uid !== uid && caller.accountType !== 's') throw forbidden();
}
const SuffixParams = z.strictObject({
  suffix: z.string().regex(/^[a-z0-9-]{1,32}$/, 'must be a short lower-case word'),
});

/** The auth service of spec 000 §7: thin handlers over the session, reset and registration services. */
export async function authRoutes(app: FastifyInstance, d: AuthRouteDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/login',
    {
      config: { auth: 'none' },
      // After validation: the key needs the e-mail of the body.
      preHandler: limiter(app, d.limits.loginPerMin, MIN, {
        name: 'login',
        key: addressAndEmail,
        what: 'Too many sign-in attempts',
      }),
      schema: { querystring: LoginQuery, body: LoginBody, response: { 200: LoginResponse } },
    },
    (req) => d.sessions.login(req.body, req.query, clientOf(req)),
  );

  r.get(
    '/login/demo',
    { config: { auth: 'none' }, schema: { querystring: DemoLoginQuery, response: { 200: LoginResult } } },
    (req) => d.sessions.demoLogin(clientOf(req)),
  );

  r.post(
    '/login/refresh',
    {
      config: { auth: 'none' },
      onRequest: limiter(app, d.limits.refreshPerMin, MIN, { name: 'refresh' }),
      schema: { querystring: RefreshQuery, body: RefreshBody, response: { 200: RefreshResult } },
    },
    (req) => d.sessions.refresh(req.body),
  );

  r.post(
    '/logout',
    {
      config: { auth: 'optional', demoAllowed: true },
      schema: { querystring: LogoutQuery, body: LogoutBody.optional(), response: { 200: Done } },
    },
    (req) => d.sessions.logout(req.caller, req.body ?? {}),
  );

  r.get('/session', { schema: { response: { 200: LoginResult } } }, (req) =>
    d.sessions.accountInfo(callerOf(req), req.authToken!),
  );

  r.get(
    '/lostpassword',
    {
      config: { auth: 'none' },
      onRequest: limiter(app, d.limits.lostPasswordPerHour, HOUR, { name: 'lostpassword' }),
      schema: { querystring: LostPasswordQuery, response: { 200: Done } },
    },
    async (req) => {
      void d.resets.requestReset(req.query.email);
      return true as const;
    },
  );

  r.get(
    '/resetpassword',
    { config: { auth: 'none' }, schema: { querystring: ResetPasswordQuery, response: { 200: Done } } },
    (req) => d.resets.reset(req.query.uid, req.query.v, req.query.newpass),
  );

  // One limiter for both paths of the call: they share the counts.
  const registerLimit = limiter(app, d.limits.registerPerHour, HOUR, {
    name: 'register',
    what: 'Too many registrations',
  });
  // A new account, or (spec 000 §7) the location of the region the address belongs to.
  const registered = { 200: RegisterResponse };
  const register = async (req: FastifyRequest<{ Body: RegisterBody }>) => {
    if (d.registrationOpen && !(await d.registrationOpen(req.hostname)))
      throw forbidden('New accounts cannot be registered here', 'registration_closed');
    const result = await d.registration.register(req.body);
    if ('uid' in result && d.registered) await d.registered(result.uid, req.hostname);
    return result;
  };
  r.post(
    '/account/register',
    {
      config: { auth: 'none' },
      onRequest: registerLimit,
      schema: { querystring: RegisterQuery, body: RegisterBody, response: registered },
    },
    register,
  );
  r.post(
    '/account/register/:suffix',
    {
      config: { auth: 'none' },
      onRequest: registerLimit,
      schema: { params: SuffixParams, querystring: RegisterQuery, body: RegisterBody, response: registered },
    },
    register,
  );

  // E-mail verification (decision 0009): the page the e-mailed link opens posts its uid and token here.
  r.post(
    '/account/verify-email',
    {
      config: { auth: 'none' },
      onRequest: limiter(app, d.limits.lostPasswordPerHour, HOUR, {
        name: 'verify-email',
        what: 'Too many confirmation attempts',
      }),
      schema: { body: VerifyEmailBody, response: { 200: Done } },
    },
    (req) => d.verification.verify(req.body.uid, req.body.v),
  );
  r.post(
    '/account/:uid/verify-email/resend',
    {
      onRequest: limiter(app, d.limits.lostPasswordPerHour, HOUR, {
        name: 'verify-email-resend',
        what: 'Too many confirmation e-mails',
      }),
      schema: { params: UidParams, response: { 200: Done } },
    },
    async (req) => {
      ownOrSupport(callerOf(req), req.params.uid);
      return d.verification.resend(req.params.uid);
    },
  );

  r.get(
    '/account/:uid/selfreg/steps',
    { schema: { params: UidParams, response: { 200: SelfRegSteps } } },
    async (req) => {
      ownOrSupport(callerOf(req), req.params.uid);
      return {
        uid: req.params.uid,
        incompleteSelfRegSteps: await d.users.incompleteSelfRegSteps(req.params.uid),
      };
    },
  );

  // Session action of spec 000 §4: mark a self-registration step complete (the web app then drops it locally).
  r.put(
    '/account/:uid/selfreg/steps/:step',
    { schema: { params: StepParams, body: StepBody, response: { 200: SelfRegSteps } } },
    async (req) => {
      const caller = callerOf(req);
      ownOrSupport(caller, req.params.uid);
      // Paying completes the payment step (billing, decision 0741); only support may mark it by hand.
      if (req.params.step === 'payment' && caller.accountType !== 's')
        throw conflict('The payment step is completed by paying for a plan');
      await d.users.completeSelfRegStep(req.params.uid, req.params.step, Date.now());
      return {
        uid: req.params.uid,
        incompleteSelfRegSteps: await d.users.incompleteSelfRegSteps(req.params.uid),
      };
    },
  );
}
