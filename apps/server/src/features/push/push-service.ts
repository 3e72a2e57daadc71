import { createHash } from 'node:crypto';
import type { PushKeyResponse, PushSubscriptionBody } from '@vigil/contracts';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { Caller } from '../../shared/caller.ts';
import type { VapidKeys } from '../bootstrap/vapid.ts';
import type { PushRepository } from './push-repository.ts';

/** What a push notification carries: the service worker shows title and body and opens url on a click. */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
}

/** How long a push service keeps a notification for a browser that is offline (RFC 8030 TTL). */
const PUSH_TTL_SEC = 3_600;
const PUSH_TIMEOUT_MS = 10_000;

const idOf = (endpoint: string) => createHash('sha256').update(endpoint).digest('base64url');

/**
 * Web push (decision 0713): each browser's subscription per person, and sending to them with the deployment's VAPID
 * keys (RFC 8292), the payload encrypted for the browser (RFC 8291, aes128gcm) by `web-push`. The request is sent
 * here with fetch, so a push service's answer is read in one place: 404 or 410 means the subscription is gone.
 */
export class PushService {
  readonly #repo: PushRepository;
  readonly #keys: () => Promise<VapidKeys>;
  readonly #subject: string;
  readonly #log: FastifyBaseLogger;
  readonly #now: () => number;
  constructor(d: {
    repo: PushRepository;
    keys: () => Promise<VapidKeys>;
    /** The VAPID subject: a mailto: the push services may write to. */
    subject: string;
    log: FastifyBaseLogger;
    now: () => number;
  }) {
    this.#repo = d.repo;
    this.#keys = d.keys;
    this.#subject = d.subject;
    this.#log = d.log;
    this.#now = d.now;
  }

  async publicKey(): Promise<PushKeyResponse> {
    return { publicKey: (await this.#keys()).publicKey };
  }

  async subscribe(caller: Caller, body: PushSubscriptionBody): Promise<void> {
    await this.#repo.put({
      id: idOf(body.endpoint),
      user_uid: caller.uid,
      endpoint: body.endpoint,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
      created_at: this.#now(),
    });
  }

  async unsubscribe(caller: Caller, endpoint: string): Promise<void> {
    await this.#repo.remove(idOf(endpoint), caller.uid);
  }

  /** Sends to every browser the person subscribed; answers how many push services took it. */
  async send(userUid: string, payload: PushPayload, urgency: webpush.Urgency = 'normal'): Promise<number> {
    const subs = await this.#repo.ofUser(userUid);
    if (subs.length === 0) return 0;
    const keys = await this.#keys();
    let taken = 0;
    for (const s of subs) {
      const req = webpush.generateRequestDetails(
        { endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: { subject: this.#subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
          TTL: PUSH_TTL_SEC,
          urgency,
          contentEncoding: 'aes128gcm',
        },
      );
      try {
        const res = await fetch(req.endpoint, {
          method: req.method,
          headers: req.headers as Record<string, string>,
          body: req.body ? new Uint8Array(req.body) : null,
          signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
        });
        if (res.status === 404 || res.status === 410) await this.#repo.remove(s.id);
        else if (res.ok) taken++;
        else this.#log.warn({ status: res.status }, 'push service refused a notification');
      } catch (err) {
        this.#log.warn({ err: String(err) }, 'push service not reached');
      }
    }
    return taken;
  }
}
