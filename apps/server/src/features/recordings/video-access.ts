import type { Uidd } from '@vigil/contracts';
import { HttpError, notFound, unauthorised } from '../../http/errors.ts';
import type { Caller } from '../../shared/caller.ts';
import type { CameraAccess } from '../access/camera-access.ts';
import type { CameraRow, CameraRows } from '../access/ports.ts';
import type { ShareService } from '../sharing/share-service.ts';
import type { GrantBasis } from './file-grants.ts';

/**
 * How long a file grant's basis, once checked, is taken as still holding (decision 0016): a player asks for a
 * segment every second or two, and signing out, revoking a link or lowering a level must bite within seconds.
 */
export const GRANT_RECHECK_MS = 5000;
/** Checked bases kept at most; past it the cache starts afresh (a busy server re-checks a little more often). */
const GRANT_CACHE_MAX = 10_000;

/** Who asks for video: the auth guard's caller, and every other token the request carries (path, query). */
export interface VideoRequester {
  caller: Caller | undefined;
  /** Tokens in the Authorization header the guard did not take: an auth token or a share token. */
  tokens: string[];
  /** Tokens in the URL (query, path): share tokens only, never an auth token (decision 0014). */
  urlTokens?: string[];
  ip: string;
}

/** The camera, and whether a user's access or a share link let the request through. */
export interface Authorised {
  row: CameraRow;
  via: 'user' | 'share';
  /** What a file grant of this answer must re-check (decision 0016). */
  basis: GrantBasis;
}

export interface VideoDeps {
  cameras: CameraAccess;
  cameraRows: Pick<CameraRows, 'find'>;
  shares: ShareService;
  callerOfToken: (token: string) => Promise<Caller | undefined>;
  /** Whether a login series is still live (not signed out, revoked or expired). */
  seriesLive: (seriesId: string) => Promise<boolean>;
  /** The app's clock (tests move it), for the grant re-check cache. */
  now: () => number;
}

/**
 * The one rule of every video route: a signed-in caller who may view the camera's recordings, or a share token
 * for this camera whose range holds the whole request (public: anyone until it expires; private: a signed-in
 * viewer with access). Auth tokens and share tokens are told apart by their signatures, never by where they come.
 */
export class VideoAccess {
  readonly #d: VideoDeps;
  readonly #checked = new Map<string, { ok: boolean; untilMs: number }>();
  constructor(deps: VideoDeps) {
    this.#d = deps;
  }

  async authorise(r: VideoRequester, uidd: Uidd, fromSec: number, toSec: number): Promise<Authorised> {
    const { cameras, cameraRows, shares, callerOfToken } = this.#d;
    let refusal: unknown;
    if (r.caller) {
      try {
        const row = await cameras.require(r.caller, uidd, 'viewRecorded');
        return { row, via: 'user', basis: { kind: 'user', caller: r.caller } };
      } catch (e) {
        refusal = e;
      }
    }
    const inUrl = new Set(r.urlTokens);
    for (const token of new Set([...r.tokens, ...inUrl])) {
      const caller = inUrl.has(token) && !r.tokens.includes(token) ? undefined : await callerOfToken(token);
      try {
        if (caller) {
          const row = await cameras.require(caller, uidd, 'viewRecorded');
          return { row, via: 'user', basis: { kind: 'user', caller } };
        }
        const link = await shares.verify(token, r.caller, r.ip, { uidd, fromSec, toSec });
        const row = await cameraRows.find(uidd);
        if (!row) throw notFound('Camera not found');
        const viewer = link.access === 'private' ? r.caller : undefined;
        return {
          row,
          via: 'share',
          basis: viewer ? { kind: 'share', link: link.id, viewer } : { kind: 'share', link: link.id },
        };
      } catch (e) {
        // A share token's answer (expired, revoked, another range) says more than the caller's 404.
        if (!(e instanceof HttpError)) throw e;
        refusal = e;
      }
    }
    throw refusal ?? unauthorised();
  }

  /**
   * Whether what let a playlist through still holds, for a file its grant names: the user's login series is live
   * and they may still watch the camera's recordings; or the share link still opens it (not revoked or expired, its
   * creator still has the right, its camera still exists) and a private link's viewer is still signed in.
   * Answers are kept GRANT_RECHECK_MS.
   */
  async stillAllowed(basis: GrantBasis, uidd: Uidd): Promise<boolean> {
    const key = `${uidd}|${JSON.stringify(basis)}`;
    const t = this.#d.now();
    const hit = this.#checked.get(key);
    if (hit && hit.untilMs > t) return hit.ok;
    const ok = await this.#recheck(basis, uidd);
    if (this.#checked.size >= GRANT_CACHE_MAX) this.#checked.clear();
    this.#checked.set(key, { ok, untilMs: t + GRANT_RECHECK_MS });
    return ok;
  }

  async #recheck(basis: GrantBasis, uidd: Uidd): Promise<boolean> {
    const { cameras, shares, seriesLive } = this.#d;
    const viewer = basis.kind === 'user' ? basis.caller : basis.viewer;
    if (viewer && !(await seriesLive(viewer.seriesId))) return false;
    if (basis.kind === 'share') return shares.stillValid(basis.link, viewer);
    return cameras.require(basis.caller, uidd, 'viewRecorded').then(
      () => true,
      (e: unknown) => {
        if (e instanceof HttpError) return false;
        throw e;
      },
    );
  }
}
