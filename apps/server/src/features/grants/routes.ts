import {
  type CameraAction,
  LIVE_PLAYLIST_GRANT_TTL_SEC,
  MEDIA_GRANT_TTL_SEC,
  MediaGrantBody,
  type MediaGrantPurpose,
  MediaGrantResult,
} from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../http/auth-guard.ts';
import type { ZodTypeProvider } from '../../http/zod.ts';
import type { CameraAccess } from '../access/camera-access.ts';
import type { MediaGrants } from './media-grants.ts';

/** What the caller must be allowed to do to the camera for a grant of each purpose. */
const ACTION: Record<MediaGrantPurpose, CameraAction> = {
  live: 'viewLive',
  recorded: 'viewRecorded',
  still: 'view',
  'live-playlist': 'viewLive',
};

const TTL_SEC: Record<MediaGrantPurpose, number> = {
  live: MEDIA_GRANT_TTL_SEC,
  recorded: MEDIA_GRANT_TTL_SEC,
  still: MEDIA_GRANT_TTL_SEC,
  'live-playlist': LIVE_PLAYLIST_GRANT_TTL_SEC,
};

/**
 * POST /grants (decision 0014): a grant for one camera's live or recorded video, for the URLs of elements that
 * cannot send headers (<img>, <video>, WebSocket). Given only to a caller who may do that now.
 */
export async function grantRoutes(
  app: FastifyInstance,
  d: { grants: MediaGrants; access: CameraAccess; now: () => number },
): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/grants',
    {
      config: { demoAllowed: true },
      schema: { body: MediaGrantBody, response: { 200: MediaGrantResult } },
    },
    async (req): Promise<MediaGrantResult> => {
      const caller = callerOf(req);
      const { uidd, purpose } = req.body;
      await d.access.require(caller, uidd, ACTION[purpose]);
      const expSec = Math.floor(d.now() / 1000) + TTL_SEC[purpose];
      return { grant: d.grants.issue({ caller, uidd, purpose, expSec }), expiresAt: expSec * 1000 };
    },
  );
}
