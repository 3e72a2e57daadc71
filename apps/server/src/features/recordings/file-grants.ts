import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** What a grant lets its holder read: the segment files of one camera stream whose start lies in [firstMs, lastMs]. */
export interface Grant {
  uidd: string;
  stream: string;
  firstMs: number;
  lastMs: number;
  expSec: number;
}

const GRANT = /^(\d{1,15})-(\d{1,15})-(\d{1,12})\.([A-Za-z0-9_-]{22})$/;

/**
 * Signed grants for the files a playlist names (decision 0502): the playlist request is authorised once (user or
 * share token), and its segment URLs carry a grant that the file route checks with one HMAC, no database and no
 * token. A grant covers exactly the segments of that playlist, so a share link's grant opens nothing outside its
 * range; it expires after PLAYLIST_URL_TTL_SEC.
 */
export class FileGrants {
  readonly #key: Buffer;
  constructor(secret: string) {
    this.#key = createHash('sha256').update(`file-grant-key:${secret}`).digest();
  }

  #sign(g: Grant): Buffer {
    return createHmac('sha256', this.#key)
      .update(`${g.uidd}|${g.stream}|${g.firstMs}|${g.lastMs}|${g.expSec}`)
      .digest()
      .subarray(0, 16);
  }

  /** The grant as one URL path segment. */
  issue(g: Grant): string {
    return `${g.firstMs}-${g.lastMs}-${g.expSec}.${this.#sign(g).toString('base64url')}`;
  }

  /** The grant if the text is one of ours for this camera stream and still valid, else undefined. */
  check(text: string, uidd: string, stream: string, nowMs: number): Grant | undefined {
    const m = GRANT.exec(text);
    if (!m) return undefined;
    const g: Grant = { uidd, stream, firstMs: Number(m[1]), lastMs: Number(m[2]), expSec: Number(m[3]) };
    const sig = Buffer.from(m[4] as string, 'base64url');
    if (!timingSafeEqual(sig, this.#sign(g))) return undefined;
    return g.expSec * 1000 > nowMs ? g : undefined;
  }
}
