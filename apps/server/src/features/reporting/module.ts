import type { Db } from '@vigil/db';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { FeatureRoutes } from '../../http/feature-routes.ts';
import { ReportingRepository } from './reporting-repository.ts';
import { ReportingService } from './reporting-service.ts';
import { reportingRoutes } from './routes.ts';
import { postJson } from './slack.ts';

/** Error reports one client address may send per minute; the web app itself sends at most 6. */
const WEB_ERRORS_MAX_PER_IP_PER_MIN = 30;

/** Builds the web app's error reporting (POST /reports, forwarded to Slack when configured). */
export function createReporting(d: {
  db: Db;
  config: Pick<Config, 'SLACK_WEBHOOK_URL'>;
  log: FastifyBaseLogger;
  now: () => number;
}): { routes: FeatureRoutes; reporting: ReportingService } {
  const reporting = new ReportingService({
    repo: new ReportingRepository(d.db),
    slackWebhookUrl: d.config.SLACK_WEBHOOK_URL,
    post: postJson,
    log: d.log,
    now: d.now,
  });
  return {
    reporting,
    routes: (app) =>
      app.register(reportingRoutes, { reporting, reportsPerIpPerMin: WEB_ERRORS_MAX_PER_IP_PER_MIN }),
  };
}
