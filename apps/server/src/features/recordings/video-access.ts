import type { Uidd } from '@vigil/contracts';
import { HttpError, notFound, unauthorised } from '../../http/errors.ts';
import type { CameraAccess } from '../access/camera-access.ts';
import type { Caller } from '../auth/tokens.ts';
import type { CameraRow, CamerasRepository } from '../cameras/cameras-repository.ts';
import type { ShareService } from '../sharing/share-service.ts';

/** Who asks for video: the auth guard's caller, and every other token the request carries (path, query). */
export interface VideoRequester {
  caller: Caller | undefined;
  /** Tokens given elsewhere than the Authorization header, each an auth token or a share token. */
  tokens: string[];
  ip: string;
}

/** The camera, and whether a user's access or a share link let the request through. */
export interface Authorised {
  row: CameraRow;
  via: 'user' | 'share';
}

export interface VideoDeps {
  cameras: CameraAccess;
  cameraRows: CamerasRepository;
  shares: ShareService;
  callerOfToken: (token: string) => Promise<Caller | undefined>;
}

/**
 * The one rule of every video route: a signed-in caller who may view the camera's recordings, or a share token
 * for this camera whose range holds the whole request (public: anyone until it expires; private: a signed-in
 * viewer with access). Auth tokens and share tokens are told apart by their signatures, never by where they come.
 */
export class VideoAccess {
  readonly #d: VideoDeps;
  constructor(deps: VideoDeps) {
    this.#d = deps;
  }

  async authorise(r: VideoRequester, uidd: Uidd, fromSec: number, toSec: number): Promise<Authorised> {
    const { cameras, cameraRows, shares, callerOfToken } = this.#d;
    let refusal: unknown;
    if (r.caller) {
      try {
        return { row: await cameras.require(r.caller, uidd, 'viewRecorded'), via: 'user' };
      } catch (e) {
        refusal = e;
      }
    }
    for (const token of new Set(r.tokens)) {
      const caller = await callerOfToken(token);
      try {
        if (caller) return { row: await cameras.require(caller, uidd, 'viewRecorded'), via: 'user' };
        await shares.verify(token, r.caller, r.ip, { uidd, fromSec, toSec });
        const row = await cameraRows.find(uidd);
        if (!row) throw notFound('Camera not found');
        return { row, via: 'share' };
      } catch (e) {
        // A share token's answer (expired, revoked, another range) says more than the caller's 404.
        if (!(e instanceof HttpError)) throw e;
        refusal = e;
      }
    }
    throw refusal ?? unauthorised();
  }
}
