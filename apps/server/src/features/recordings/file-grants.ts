import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { AccountType } from '@vigil/contracts';
import type { Caller } from '../../shared/caller.ts';

/**
 * What let the playlist through, carried in its grant so each file request can check it still holds (decision
 * 0016): a signed-in user (their login series), or a share link (and, for a private link, its signed-in viewer).
 */
export type GrantBasis = { kind: 'user'; caller: Caller } | { kind: 'share'; link: string; viewer?: Caller };

/** What a grant lets its holder read: the segment files of one camera stream whose start lies in [firstMs, lastMs]. */
export interface Grant {
  uidd: string;
  stream: string;
  firstMs: number;
  lastMs: number;
  expSec: number;
  basis: GrantBasis;
}

const GRANT = /^(\d{1,15})-(\d{1,15})-(\d{1,12})-([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{22})$/;

type CallerText = [uid: string, seriesId: string, accountType: AccountType, demo: 0 | 1];
type BasisText = ['u', CallerText] | ['s', string, CallerText?];

const callerText = (c: Caller): CallerText => [c.uid, c.seriesId, c.accountType, c.demo ? 1 : 0];
const callerOf = (t: CallerText): Caller => ({
  uid: t[0],
  seriesId: t[1],
  accountType: t[2],
  demo: t[3] === 1,
});

function encodeBasis(b: GrantBasis): string {
  const text: BasisText =
    b.kind === 'user'
      ? ['u', callerText(b.caller)]
      : b.viewer
        ? ['s', b.link, callerText(b.viewer)]
        : ['s', b.link];
  return Buffer.from(JSON.stringify(text)).toString('base64url');
}

function decodeBasis(text: string): GrantBasis | undefined {
  // Only ever parsed after the signature held: the text is ours.
  const t = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as BasisText;
  if (t[0] === 'u') return { kind: 'user', caller: callerOf(t[1]) };
  if (t[0] === 's')
    return t[2] ? { kind: 'share', link: t[1], viewer: callerOf(t[2]) } : { kind: 'share', link: t[1] };
  return undefined;
}

/**
 * Signed grants for the files a playlist names (decision 0502): the playlist request is authorised once (user or
 * share token), and its segment URLs carry a grant that the file route checks with one HMAC and no token. A grant
 * covers exactly the segments of that playlist, so a share link's grant opens nothing outside its range; it expires
 * after PLAYLIST_URL_TTL_SEC, and it names what let the playlist through, which the file route re-checks (0016).
 */
export class FileGrants {
  readonly #key: Buffer;
  constructor(secret: string) {
    this.#key = createHash('sha256').update(`file-grant-key:${secret}`).digest();
  }

  #sign(g: Omit<Grant, 'basis'>, basis: string): Buffer {
    return createHmac('sha256', this.#key)
      .update(`${g.uidd}|${g.stream}|${g.firstMs}|${g.lastMs}|${g.expSec}|${basis}`)
      .digest()
      .subarray(0, 16);
  }

  /** The grant as one URL path segment. */
  issue(g: Grant): string {
    const basis = encodeBasis(g.basis);
    return `${g.firstMs}-${g.lastMs}-${g.expSec}-${basis}.${this.#sign(g, basis).toString('base64url')}`;
  }

  /** The grant if the text is one of ours for this camera stream and not expired, else undefined. */
  check(text: string, uidd: string, stream: string, nowMs: number): Grant | undefined {
    const m = GRANT.exec(text);
    if (!m) return undefined;
    const g = { uidd, stream, firstMs: Number(m[1]), lastMs: Number(m[2]), expSec: Number(m[3]) };
    const basis = m[4] as string;
    const sig = Buffer.from(m[5] as string, 'base64url');
    if (!timingSafeEqual(sig, this.#sign(g, basis))) return undefined;
    if (g.expSec * 1000 <= nowMs) return undefined;
    const decoded = decodeBasis(basis);
    return decoded ? { ...g, basis: decoded } : undefined;
  }
}
