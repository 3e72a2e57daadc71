import { PushKeyResponse, PushSubscriptionBody, PushUnsubscribeBody } from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { callerOf } from '../../http/auth-guard.ts';
import type { ZodTypeProvider } from '../../http/zod.ts';
import type { PushService } from './push-service.ts';

const done = { 200: z.object({ ok: z.literal(true) }) };

/** The signed-in person's web push subscriptions (decision 0713): each browser subscribes itself. */
export async function pushRoutes(app: FastifyInstance, d: { push: PushService }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/push/key', { schema: { response: { 200: PushKeyResponse } } }, () => d.push.publicKey());
  r.post('/push/subscriptions', { schema: { body: PushSubscriptionBody, response: done } }, async (req) => {
    await d.push.subscribe(callerOf(req), req.body);
    return { ok: true as const };
  });
  r.delete('/push/subscriptions', { schema: { body: PushUnsubscribeBody, response: done } }, async (req) => {
    await d.push.unsubscribe(callerOf(req), req.body.endpoint);
    return { ok: true as const };
  });
}
