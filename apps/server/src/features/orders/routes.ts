import {
  AccountParams,
  DisputeBody,
  Order,
  OrderDetail,
  OrderParams,
  OrdersDashboard,
  OrdersDashboardQuery,
  OrdersQuery,
  TakeawaySettings,
  TakeawaySettingsBody,
  WebhookSecret,
} from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { callerOf } from '../../http/auth-guard.ts';
import type { ZodTypeProvider } from '../../http/zod.ts';
import type { OrdersService } from './orders-service.ts';
import type { TakeawaySettingsService } from './takeaway-settings.ts';

/** An account's takeaway orders, disputes, dashboard and settings (decisions 0841, 0842). */
export async function orderRoutes(
  app: FastifyInstance,
  d: { orders: OrdersService; settings: TakeawaySettingsService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/takeaway/:uid/orders',
    { schema: { params: AccountParams, querystring: OrdersQuery, response: { 200: z.array(Order) } } },
    (req) => d.orders.list(callerOf(req), req.params.uid, req.query),
  );
  r.get(
    '/takeaway/:uid/orders/:id',
    { schema: { params: OrderParams, response: { 200: OrderDetail } } },
    (req) => d.orders.detail(callerOf(req), req.params.uid, req.params.id),
  );
  r.post(
    '/takeaway/:uid/orders/:id/dispute',
    { schema: { params: OrderParams, body: DisputeBody, response: { 200: OrderDetail } } },
    (req) => d.orders.moveDispute(callerOf(req), req.params.uid, req.params.id, req.body),
  );
  r.get(
    '/takeaway/:uid/dashboard',
    {
      schema: {
        params: AccountParams,
        querystring: OrdersDashboardQuery,
        response: { 200: OrdersDashboard },
      },
    },
    (req) => d.orders.dashboard(callerOf(req), req.params.uid, req.query),
  );
  r.get(
    '/takeaway/:uid/settings',
    { schema: { params: AccountParams, response: { 200: TakeawaySettings } } },
    (req) => d.settings.get(callerOf(req), req.params.uid),
  );
  r.put(
    '/takeaway/:uid/settings',
    { schema: { params: AccountParams, body: TakeawaySettingsBody, response: { 200: TakeawaySettings } } },
    (req) => d.settings.setTillCamera(callerOf(req), req.params.uid, req.body.tillCamera),
  );
  r.post(
    '/takeaway/:uid/settings/secret',
    { schema: { params: AccountParams, response: { 200: WebhookSecret } } },
    (req) => d.settings.rotateSecret(callerOf(req), req.params.uid),
  );
}
