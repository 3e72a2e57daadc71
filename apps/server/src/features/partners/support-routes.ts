import {
  Done,
  SupportAccountParams,
  SupportErrorReportPage,
  SupportLogQuery,
  SupportProbeParams,
  SupportProbeResult,
  SupportSessionList,
  SupportSessionParams,
  SupportUsageLogPage,
} from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../http/auth-guard.ts';
import type { ZodTypeProvider } from '../../http/zod.ts';
import type { SupportActivity } from './support-activity.ts';

/** An account's reports or logs, a page at a time (`before`: the previous page's `next`). */
const logPage = <T>(page: T) => ({
  schema: { params: SupportAccountParams, querystring: SupportLogQuery, response: { 200: page } },
});

/** Support's account page: sessions, error reports, usage logs, and the camera re-probe (decision 0721). */
export async function supportActivityRoutes(
  app: FastifyInstance,
  d: { activity: SupportActivity },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { activity } = d;
  r.get(
    '/support/accounts/:uid/sessions',
    { schema: { params: SupportAccountParams, response: { 200: SupportSessionList } } },
    (req) => activity.sessions(callerOf(req), req.params.uid),
  );
  r.delete(
    '/support/accounts/:uid/sessions/:seriesId',
    { schema: { params: SupportSessionParams, response: { 200: Done } } },
    (req) => activity.endSession(callerOf(req), req.params.uid, req.params.seriesId),
  );
  r.get('/support/accounts/:uid/error-reports', logPage(SupportErrorReportPage), (req) =>
    activity.errorReports(callerOf(req), req.params.uid, req.query.before),
  );
  r.get('/support/accounts/:uid/usage-logs', logPage(SupportUsageLogPage), (req) =>
    activity.usageLogs(callerOf(req), req.params.uid, req.query.before),
  );
  r.post(
    '/support/cameras/:uidd/probe',
    { schema: { params: SupportProbeParams, response: { 200: SupportProbeResult } } },
    (req) => activity.reprobe(callerOf(req), req.params.uidd),
  );
}
