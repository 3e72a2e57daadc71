import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

const GRANT = /^(\d{1,12})\.([A-Za-z0-9_-]{22})$/;
/** Grants change once a minute (so a preload hint's URL is still the part's URL in the next playlist)... */
const BUCKET_SEC = 60;
/** ...and last one to two minutes. */
const LIFETIME_BUCKETS = 2;

/**
 * Grants for the files a live playlist names (decision 0460, after 0502's recorded-playlist grants): the playlist
 * request is authorised with the viewer's token and viewLive; its init, part and segment URLs carry
 * `{expSec}.{HMAC}` over camera, stream and expiry, checked with one HMAC (no token, no database). Native players
 * cannot add headers, and a token in every part URL would be re-verified ~3 times a second.
 */
export class LiveGrants {
  readonly #key: Buffer;
  constructor(secret: string) {
    this.#key = createHash('sha256').update(`live-hls-grant-key:${secret}`).digest();
  }

  #sign(uidd: string, stream: string, expSec: number): Buffer {
    return createHmac('sha256', this.#key).update(`${uidd}|${stream}|${expSec}`).digest().subarray(0, 16);
  }

  issue(uidd: string, stream: string, nowMs: number): string {
    const expSec = (Math.floor(nowMs / 1000 / BUCKET_SEC) + LIFETIME_BUCKETS) * BUCKET_SEC;
    return `${expSec}.${this.#sign(uidd, stream, expSec).toString('base64url')}`;
  }

  valid(text: string, uidd: string, stream: string, nowMs: number): boolean {
    const m = GRANT.exec(text);
    if (!m) return false;
    const expSec = Number(m[1]);
    const sig = Buffer.from(m[2] as string, 'base64url');
    return (
      sig.length === 16 && timingSafeEqual(sig, this.#sign(uidd, stream, expSec)) && expSec * 1000 > nowMs
    );
  }
}
