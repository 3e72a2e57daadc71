import { databaseFault } from '@vigil/db';
import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError } from './errors.ts';
import { describeIssues, type ZodIssueLike } from './zod.ts';

type ValidationFailure = FastifyError & { issues?: ZodIssueLike[] };

/** One error shape for every answer ({ error, code, issues? }); no stack traces leave the server. */
export function useErrorHandler(app: FastifyInstance): void {
  // An outage fails every request: one line per 10 s says so, with how many answers it covers (decision 0015).
  let faultLoggedAt = 0;
  let faultsUnlogged = 0;
  app.setErrorHandler((err: ValidationFailure, request, reply) => {
    if (err instanceof HttpError) {
      const body = { error: err.message, code: err.code, ...(err.withErr ? { err: err.message } : {}) };
      return reply.code(err.statusCode).headers(err.headers).send(body);
    }
    if (err.validationContext && Array.isArray(err.issues)) {
      const issues = describeIssues(err.validationContext, err.issues);
      return reply.code(400).send({ error: issues.join('; '), code: 'bad_request', issues });
    }
    const status = err.statusCode ?? 500;
    if (status === 413)
      return reply.code(413).send({ error: 'Request body is too large', code: 'payload_too_large' });
    if (status === 429)
      return reply.code(429).send({ error: 'Too many requests, try again later', code: 'rate_limited' });
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, __proto__ keys, bad content type) carry safe messages.
      return reply
        .code(status)
        .send({ error: err.message, code: status === 404 ? 'not_found' : 'bad_request' });
    }
    const fault = databaseFault(err);
    if (fault) {
      // Not our bug: the database is away or locked. Say so, and when to try again (decision 0015).
      faultsUnlogged += 1;
      if (Date.now() - faultLoggedAt >= 10_000) {
        request.log.warn(
          { err: String(err), fault, answers: faultsUnlogged },
          'database unavailable: answering 503',
        );
        faultLoggedAt = Date.now();
        faultsUnlogged = 0;
      }
      const answer =
        fault === 'busy'
          ? { error: 'The database is busy; try again in a moment', code: 'database_busy' }
          : {
              error: 'The database cannot be reached right now; try again in a moment',
              code: 'database_unavailable',
            };
      return reply.code(503).header('retry-after', '5').send(answer);
    }
    request.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ error: 'Something went wrong on our side', code: 'internal' });
  });
  app.setNotFoundHandler((request, reply) => {
    reply
      .code(404)
      .send({ error: `No such endpoint: ${request.method} ${request.url.split('?')[0]}`, code: 'not_found' });
  });
}
