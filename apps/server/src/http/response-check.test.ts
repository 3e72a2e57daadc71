import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useErrorHandler } from './error-handler.ts';
import { ResponseMismatch, useZodValidation } from './zod.ts';

const Answer = z.object({ uid: z.string(), count: z.number().int() });

/** A route whose answer breaks its schema (`count` a string), one that keeps it (with an undocumented field). */
async function app(checkResponses: boolean) {
  const app = Fastify({ logger: false });
  useZodValidation(app, { checkResponses });
  useErrorHandler(app);
  const errors: unknown[] = [];
  app.addHook('onError', async (_req, _reply, err) => {
    errors.push(err);
  });
  app.get('/wrong', { schema: { response: { 200: Answer } } }, async () => ({ uid: 'u1', count: '3' }));
  app.get('/right', { schema: { response: { 200: Answer } } }, async () => ({
    uid: 'u1',
    count: 3,
    extra: 1,
  }));
  return { app, errors };
}

describe('answers checked against their response schemas (decision 0020)', () => {
  it('development and test: an answer that does not match is a 500, and the mismatch is the error', async () => {
    const { app: a, errors } = await app(true);
    const res = await a.inject({ url: '/wrong' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: 'Something went wrong on our side', code: 'internal' });
    expect(errors[0]).toBeInstanceOf(ResponseMismatch);
    expect((errors[0] as Error).message).toBe(
      'The 200 answer of GET /wrong does not match its schema: count: Invalid input: expected number, received string',
    );
    // A matching answer goes out as the handler made it, not as the parse would copy it.
    const ok = await a.inject({ url: '/right' });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('{"uid":"u1","count":3,"extra":1}');
    await a.close();
  });

  it('production: answers go out unchecked', async () => {
    const { app: a, errors } = await app(false);
    const res = await a.inject({ url: '/wrong' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('{"uid":"u1","count":"3"}');
    expect(errors).toEqual([]);
    await a.close();
  });
});
