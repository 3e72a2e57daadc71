import type { ServerResponse } from 'node:http';
import {
  type Action,
  ApiError,
  RealtimeQuery,
  type RealtimeType,
  splitUidd,
  type Uidd,
} from '@vigil/contracts';
import { databaseFault } from '@vigil/db';
import type { FastifyInstance } from 'fastify';
import { media } from '../../http/api-docs.ts';
import { callerOf } from '../../http/auth-guard.ts';
import type { ZodTypeProvider } from '../../http/zod.ts';
import type { Caller } from '../../shared/caller.ts';
import type { AccountAccess } from '../access/account-access.ts';
import type { RealtimeBus } from './bus.ts';

/** What a viewer needs to receive each type (an event's update, like the event itself: the events right). */
const ACTION_OF = {
  liveSession: 'viewLive',
  alert: 'events',
  alertUpdated: 'events',
  liveMoved: 'viewLive',
  ruleAlert: 'events',
} as const satisfies Record<RealtimeType, Action>;
/** A comment line keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 15_000;
/** How often an open stream re-checks that its viewer still has access (revocation bites within this). */
export const REALTIME_RECHECK_MS = 5_000;

export interface RealtimeDeps {
  bus: RealtimeBus;
  access: AccountAccess;
  /** Whether the caller's login series is still live. */
  seriesLive: (seriesId: string) => Promise<boolean>;
  recheckMs?: number;
}

/**
 * GET /cameras/realtime/live: server-sent events for the cameras asked for (by uidd, or all of some owners),
 * filtered by what the caller may see; the stream ends when the caller signs out or loses access.
 */
export async function realtimeRoutes(app: FastifyInstance, d: RealtimeDeps): Promise<void> {
  // Open streams never end by themselves: end them when the server shuts down, or it would wait for them forever.
  const open = new Set<ServerResponse>();
  app.addHook('preClose', async () => {
    for (const res of open) res.end();
  });
  app.withTypeProvider<ZodTypeProvider>().get(
    '/cameras/realtime/live',
    {
      schema: {
        querystring: RealtimeQuery,
        // Refusals before the stream starts: 404 for cameras the caller cannot see, 403 for what they may not receive.
        response: {
          '4xx': ApiError,
          200: media(
            'Server-sent events: liveSession, alert, alertUpdated, liveMoved, ruleAlert',
            ['text/event-stream'],
            'text',
          ),
        },
      },
    },
    async (req, reply) => {
      const caller = callerOf(req);
      const q = req.query;
      const uidds = new Set<string>(q.uidd ?? []);
      const owners = new Set<string>(q.owner ?? []);
      for (const uidd of uidds) owners.add(splitUidd(uidd as Uidd).owner);
      const entitled = entitlement(d.access, caller, q.types);
      const refused = await refusal(d.access, caller, entitled, { uidds, owners, asked: q.owner ?? [] });
      if (refused) return reply.code(refused.status).send(refused.body);

      const allowed = new Map<string, boolean>();
      const mayReceive = async (type: keyof typeof ACTION_OF, uidd: string): Promise<boolean> => {
        if (!q.types.includes(type)) return false;
        const owner = splitUidd(uidd as Uidd).owner;
        if (!(uidds.has(uidd) || (q.owner ?? []).includes(owner))) return false;
        const key = `${type}|${uidd}`;
        if (!allowed.has(key)) allowed.set(key, await d.access.may(caller, owner, ACTION_OF[type], uidd));
        return allowed.get(key)!;
      };

      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write(': connected\n\n');
      open.add(res);
      const unsubscribe = d.bus.subscribe((m) => {
        // Unanswered (the database is away: decision 0015), the message is not sent; a rejection left unheard
        // would end the process.
        void mayReceive(m.type, m.data.uidd)
          .catch(() => false)
          .then((ok) => {
            if (ok && !res.writableEnded)
              res.write(`event: ${m.type}\ndata: ${JSON.stringify({ type: m.type, data: m.data })}\n\n`);
          });
      });
      const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
      // Forget cached permissions regularly and end the stream if the session or every access is gone.
      const recheck = setInterval(() => {
        allowed.clear();
        void (async () => {
          const live = await d.seriesLive(caller.seriesId);
          let any = false;
          for (const owner of owners) any ||= await entitled(owner);
          if (!live || !any) res.end();
          // A database away cannot tell: the stream stays open until it can (decision 0015).
        })().catch((err: unknown) => {
          if (!databaseFault(err)) res.end();
        });
      }, d.recheckMs ?? REALTIME_RECHECK_MS);
      const close = () => {
        clearInterval(heartbeat);
        clearInterval(recheck);
        unsubscribe();
        open.delete(res);
      };
      res.on('close', close);
      res.on('finish', close);
    },
  );
}

type Entitled = (owner: string, uidd?: string) => Promise<boolean>;

/** Whether the caller may receive any of these message types about an owner's cameras (or one camera). */
function entitlement(
  access: AccountAccess,
  caller: Caller,
  types: readonly (keyof typeof ACTION_OF)[],
): Entitled {
  const actions = types.map((t) => ACTION_OF[t]);
  return async (owner, uidd) => {
    for (const a of actions) if (await access.may(caller, owner, a, uidd)) return true;
    return false;
  };
}

/** Refused up front: cameras the caller cannot see (404, as everywhere) or may receive nothing about (403). */
async function refusal(
  access: AccountAccess,
  caller: Caller,
  entitled: Entitled,
  a: { uidds: Set<string>; owners: Set<string>; asked: readonly string[] },
): Promise<{ status: 403 | 404; body: { error: string; code: string } } | undefined> {
  for (const owner of a.owners) {
    if (!(await access.canSee(caller, owner)))
      return { status: 404, body: { error: 'Camera not found', code: 'not_found' } };
  }
  for (const uidd of a.uidds) {
    if (!(await entitled(splitUidd(uidd as Uidd).owner, uidd)))
      return { status: 403, body: { error: 'You may not watch this camera', code: 'forbidden' } };
  }
  for (const owner of a.asked) {
    if (!(await entitled(owner)))
      return { status: 403, body: { error: 'You may not watch these cameras', code: 'forbidden' } };
  }
  return undefined;
}
