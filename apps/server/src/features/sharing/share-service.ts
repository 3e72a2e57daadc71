import {
  type ShareLinkInfo,
  type ShareMetadata,
  type ShareVerifyResult,
  type SignShareBody,
  splitUidd,
  type Uidd,
} from '@vigil/contracts';
import { badRequest, HttpError, notFound } from '../../http/errors.ts';
import type { Caller } from '../../shared/caller.ts';
import { randomId } from '../../shared/random.ts';
import type { AccountAccess } from '../access/account-access.ts';
import type { ShareLinkRow, ShareRepository } from './share-repository.ts';
import type { ShareClaims, ShareTokens } from './share-tokens.ts';

const invalid = (message = 'This link is invalid') => new HttpError(401, 'share_invalid', message);
const expired = () => new HttpError(410, 'share_expired', 'This link has expired');
const invalidExpiry = (message: string) => new HttpError(400, 'invalid_expiry', message);

const metadataOf = (l: ShareLinkRow): ShareMetadata => ({
  type: 'video',
  access: l.access,
  expiry: l.expires_at,
});

export interface ShareDeps {
  links: ShareRepository;
  tokens: ShareTokens;
  access: AccountAccess;
  /** When the camera was added (epoch ms), if it exists: a link dies with its camera, and is not revived by a new one. */
  cameraAddedAt: (uidd: string) => Promise<number | undefined>;
  now: () => number;
}

/** Why a link that was valid is no longer, though nobody revoked it, or undefined while it holds (decision 0016). */
export type LinkLapse = 'camera_removed' | 'creator_lost_access';

/** Share links: signed from the server's own claims, revocable, every use logged (decision 0013). */
export class ShareService {
  readonly #d: ShareDeps;
  constructor(deps: ShareDeps) {
    this.#d = deps;
  }

  async sign(
    caller: Caller,
    b: SignShareBody,
  ): Promise<{ token: string; id: string; metadata: ShareMetadata }> {
    const { links, tokens, access, now } = this.#d;
    await access.assertCamera(caller, b.uidd, 'viewRecorded');
    if ((await this.#d.cameraAddedAt(b.uidd)) === undefined) throw notFound('Camera not found');
    const t = now();
    if (b.startSec * 1000 > t) throw badRequest('startSec: the range is in the future');
    const expiresAt = this.#expiry(b, t);
    const row: ShareLinkRow = {
      id: randomId(),
      creator_uid: caller.uid,
      camera_uidd: b.uidd,
      start_sec: b.startSec,
      end_sec: Math.min(b.endSec, Math.floor(t / 1000)),
      access: b.access,
      expires_at: expiresAt,
      revoked_at: null,
      created_at: t,
    };
    await links.create(row);
    const claims: ShareClaims = {
      id: row.id,
      uidd: row.camera_uidd,
      startSec: row.start_sec,
      endSec: row.end_sec,
      access: row.access,
    };
    return { token: await tokens.sign(claims, expiresAt), id: row.id, metadata: metadataOf(row) };
  }

  /**
   * Checks a share token for a viewer (signed in or not). Public links open for anyone until they expire; private
   * ones only for a signed-in user who may watch that camera's recordings. Every attempt is logged.
   */
  async verify(
    token: string | undefined,
    viewer: Caller | undefined,
    ip: string,
    scope?: { uidd: string; fromSec: number; toSec: number },
  ): Promise<ShareVerifyResult> {
    const { links, tokens, access, now } = this.#d;
    if (!token) throw invalid('This link is incomplete');
    const claims = await tokens.verify(token);
    if (claims === 'invalid') throw invalid();
    const id = claims === 'expired' ? await this.#expiredId(token) : claims.id;
    const link = id ? await links.find(id) : undefined;
    if (!link) throw invalid();
    const log = (outcome: string) =>
      links.logUse(link.id, { at: now(), viewerUid: viewer?.uid ?? null, ip, outcome });
    if (link.revoked_at !== null) {
      await log('revoked');
      throw invalid('This link has been revoked');
    }
    if (claims === 'expired' || (link.expires_at !== null && link.expires_at <= now())) {
      await log('expired');
      throw expired();
    }
    const lapse = await this.#lapse(link);
    if (lapse) {
      await log(lapse);
      throw invalid('This link is no longer valid');
    }
    if (link.access === 'private') {
      const owner = splitUidd(link.camera_uidd as Uidd).owner;
      if (!viewer) {
        await log('unauthorised');
        throw new HttpError(401, 'share_unauthorised', 'Sign in to watch this private video');
      }
      if (!(await access.may(viewer, owner, 'viewRecorded', link.camera_uidd))) {
        await log('unauthorised');
        throw new HttpError(403, 'share_unauthorised', 'This private video is not shared with your account');
      }
    }
    // A video request (decision 0013): the link covers this camera and the whole range asked for, or nothing.
    if (
      scope &&
      (scope.uidd !== link.camera_uidd || scope.fromSec < link.start_sec || scope.toSec > link.end_sec)
    ) {
      await log('out_of_range');
      throw new HttpError(403, 'share_unauthorised', 'This link does not cover this camera or time range');
    }
    await log('ok');
    return {
      ...metadataOf(link),
      id: link.id,
      uidd: link.camera_uidd,
      startSec: link.start_sec,
      endSec: link.end_sec,
      signedIn: viewer !== undefined,
    };
  }

  /**
   * Whether a link, already verified once, still opens its video for this viewer: the check behind the file grants
   * of a playlist it opened (decision 0016). Not logged as a use: a player asks it for every segment.
   */
  async stillValid(id: string, viewer: Caller | undefined): Promise<boolean> {
    const { links, access, now } = this.#d;
    const link = await links.find(id);
    if (!link || link.revoked_at !== null) return false;
    if (link.expires_at !== null && link.expires_at <= now()) return false;
    if (await this.#lapse(link)) return false;
    if (link.access === 'public') return true;
    const owner = splitUidd(link.camera_uidd as Uidd).owner;
    return viewer !== undefined && (await access.may(viewer, owner, 'viewRecorded', link.camera_uidd));
  }

  /** A link lives no longer than its camera, nor than its creator's right to share that camera's video. */
  async #lapse(link: ShareLinkRow): Promise<LinkLapse | undefined> {
    const addedAt = await this.#d.cameraAddedAt(link.camera_uidd);
    if (addedAt === undefined || addedAt > link.created_at) return 'camera_removed';
    const owner = splitUidd(link.camera_uidd as Uidd).owner;
    if (!(await this.#d.access.userMay(link.creator_uid, owner, 'viewRecorded', link.camera_uidd)))
      return 'creator_lost_access';
    return undefined;
  }

  async metadata(token: string | undefined): Promise<ShareMetadata> {
    const claims = token ? await this.#d.tokens.verify(token) : 'invalid';
    const id =
      claims === 'invalid' ? undefined : claims === 'expired' ? await this.#expiredId(token!) : claims.id;
    const link = id ? await this.#d.links.find(id) : undefined;
    if (!link) throw invalid();
    return metadataOf(link);
  }

  async list(caller: Caller, uidd: Uidd): Promise<ShareLinkInfo[]> {
    await this.#d.access.assertCamera(caller, uidd, 'viewRecorded');
    const rows = await this.#d.links.ofCamera(uidd);
    return rows.map((l) => ({
      ...metadataOf(l),
      id: l.id,
      uidd: l.camera_uidd,
      startSec: l.start_sec,
      endSec: l.end_sec,
      createdAt: l.created_at,
      revoked: l.revoked_at !== null,
      uses: Number(l.uses ?? 0),
    }));
  }

  /** The link's creator, or anyone who may delete the camera's video, may revoke it. */
  async revoke(caller: Caller, id: string): Promise<true> {
    const link = await this.#d.links.find(id);
    if (!link) throw notFound('Link not found');
    if (link.creator_uid !== caller.uid)
      await this.#d.access.assertCamera(caller, link.camera_uidd as Uidd, 'deleteVideo');
    await this.#d.links.revoke(id, this.#d.now());
    return true;
  }

  #expiry(b: SignShareBody, t: number): number | null {
    if (b.noExpiry) return null;
    if (b.validSeconds !== undefined) return t + b.validSeconds * 1000;
    if (b.expiryTimestamp !== undefined) {
      if (b.expiryTimestamp * 1000 <= t) throw invalidExpiry('The expiry date is in the past');
      return b.expiryTimestamp * 1000;
    }
    // Spec 001 §5: a public link must say when it ends (never counts, but must be chosen).
    if (b.access === 'public')
      throw invalidExpiry('A public link needs an expiry: never, a number of seconds, or a date');
    return null;
  }

  /** An expired token is still ours if the signature holds; read its id without trusting anything else. */
  async #expiredId(token: string): Promise<string | undefined> {
    const payload = token.split('.')[1];
    try {
      const jti = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')).jti;
      return typeof jti === 'string' ? jti : undefined;
    } catch {
      return undefined;
    }
  }
}
