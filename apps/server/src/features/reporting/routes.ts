import { ReportAccepted, ReportUidParams, UsageLogBody, WebErrorReport } from '@vigil/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerOf } from '../../http/auth-guard.ts';
import { forbidden } from '../../http/errors.ts';
import { limiter } from '../../http/rate-limits.ts';
import type { ZodTypeProvider } from '../../http/zod.ts';
import type { ClientMeta, ReportingService } from './reporting-service.ts';

export interface ReportingRouteDeps {
  reporting: ReportingService;
  /** Reports per client address per minute: browsers send at most 6, so this only stops floods. */
  reportsPerIpPerMin: number;
}

const metaOf = (req: FastifyRequest): ClientMeta => ({
  ip: req.ip,
  userAgent: req.headers['user-agent'],
  callerUid: req.caller?.uid,
});

/** Error reports and usage logs of spec 000 §7. */
export async function reportingRoutes(app: FastifyInstance, d: ReportingRouteDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Signed out visitors report too (uid `anonymous`), so the token is optional; demo sessions may report.
  r.post(
    '/web-errors/:uid/slack',
    {
      config: { auth: 'optional', demoAllowed: true },
      onRequest: limiter(app, d.reportsPerIpPerMin, 60_000, {
        name: 'error-reports',
        what: 'Too many error reports',
      }),
      schema: { params: ReportUidParams, body: WebErrorReport, response: { 202: ReportAccepted } },
    },
    async (req, reply) => {
      await d.reporting.report(req.params.uid, req.body, metaOf(req));
      return reply.code(202).send({ ok: true });
    },
  );

  r.post(
    '/tracking/:uid/0/alog',
    {
      config: { demoAllowed: true },
      schema: { params: ReportUidParams, body: UsageLogBody, response: { 202: ReportAccepted } },
    },
    async (req, reply) => {
      const caller = callerOf(req);
      if (caller.uid !== req.params.uid && caller.accountType !== 's') throw forbidden();
      await d.reporting.usage(req.params.uid, req.body, metaOf(req));
      return reply.code(202).send({ ok: true });
    },
  );
}
