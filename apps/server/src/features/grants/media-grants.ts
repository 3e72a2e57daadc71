import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { AccountType, MediaGrantPurpose } from '@vigil/contracts';
import type { Caller } from '../../shared/caller.ts';

/** What a media grant lets its holder do: as this caller, this purpose, for this camera, until `expSec`. */
export interface MediaGrant {
  caller: Caller;
  uidd: string;
  purpose: MediaGrantPurpose;
  expSec: number;
}

const PREFIX = 'mg_';
const GRANT = /^mg_([A-Za-z0-9_-]{1,600})\.([A-Za-z0-9_-]{22})$/;

type Payload = [
  uid: string,
  seriesId: string,
  type: AccountType,
  demo: 0 | 1,
  uidd: string,
  purpose: string,
  exp: number,
];

/**
 * Short single-purpose grants for media URLs (decision 0014): an auth token in a URL lands in logs, history and
 * Referer headers and opens every call for 20 minutes; a grant opens one camera's live or recorded video for
 * MEDIA_GRANT_TTL_SEC, and only while the login series behind it is live (the guard checks). Signed with a key of
 * its own: a grant is never an auth token, nor a file grant, nor a share token.
 */
export class MediaGrants {
  readonly #key: Buffer;
  constructor(secret: string) {
    this.#key = createHash('sha256').update(`media-grant-key:${secret}`).digest();
  }

  static looksLike(text: string): boolean {
    return text.startsWith(PREFIX);
  }

  #sign(payload: string): Buffer {
    return createHmac('sha256', this.#key).update(payload).digest().subarray(0, 16);
  }

  issue(g: MediaGrant): string {
    const c = g.caller;
    const payload: Payload = [c.uid, c.seriesId, c.accountType, c.demo ? 1 : 0, g.uidd, g.purpose, g.expSec];
    const text = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${PREFIX}${text}.${this.#sign(text).toString('base64url')}`;
  }

  /** The grant if the text is one of ours and not expired; whether it fits the request is the caller's check. */
  check(text: string, nowMs: number): MediaGrant | undefined {
    const m = GRANT.exec(text);
    if (!m) return undefined;
    const sig = Buffer.from(m[2] as string, 'base64url');
    if (!timingSafeEqual(sig, this.#sign(m[1] as string))) return undefined;
    const p = JSON.parse(Buffer.from(m[1] as string, 'base64url').toString('utf8')) as Payload;
    if (p[6] * 1000 <= nowMs) return undefined;
    return {
      caller: { uid: p[0], seriesId: p[1], accountType: p[2], demo: p[3] === 1 },
      uidd: p[4],
      purpose: p[5] as MediaGrantPurpose,
      expSec: p[6],
    };
  }
}
