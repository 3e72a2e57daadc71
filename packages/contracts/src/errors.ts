import { z } from 'zod';
import { LICENCE_ERROR_CODES } from './licences.ts';
import { SSO_ERROR_CODES } from './sso.ts';

/** Every error answer of the API has this shape: `error` is readable, `code` is for programs. */
export const ApiError = z.object({
  error: z.string(),
  code: z.string(),
  /** Present on validation errors: one readable line per problem. */
  issues: z.array(z.string()).optional(),
  /** The configuration calls' refusals also carry the message as `err` (spec 001 §5, §8; decision 0700). */
  err: z.string().optional(),
});
export type ApiError = z.infer<typeof ApiError>;

/**
 * A camera's PTZ failures (decision 0307): no PTZ; over ONVIF, the camera could not be reached, refused the stored
 * credentials, stayed silent, or refused the move; or too many moves already wait for it (PTZ_QUEUE_MAX).
 */
export const PTZ_ERROR_CODES = [
  'ptz_unsupported',
  'ptz_unreachable',
  'ptz_unauthorised',
  'ptz_timeout',
  'ptz_failed',
  'ptz_busy',
] as const;
export type PtzErrorCode = (typeof PTZ_ERROR_CODES)[number];

/** Machine codes the API answers with. The web app maps them to text keys. */
export const ERROR_CODES = [
  'bad_request',
  'unauthorised',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'rate_limited',
  'internal',
  // The database cannot be reached or is held by another connection: try again shortly (decision 0015).
  'database_unavailable',
  'database_busy',
  'invalid_credentials',
  'invalid_token',
  'token_expired',
  'series_revoked',
  'demo_restricted',
  /** Support asked for a customer's pictures or video without the customer's active consent (decision 0017). */
  'support_consent_required',
  'weak_password',
  'email_exists',
  // Manager account errors (spec 000 §8; decision 0720): a partner company already exists, the e-mail is already a
  // user's, or the caller's partner account is suspended or gone.
  'company_exists',
  'user_exists',
  'partner_suspended',
  /** Adding cameras or inviting people before the account's e-mail address is confirmed (decision 0009). */
  'email_unverified',
  'invalid_link',
  'invalid_expiry',
  'share_invalid',
  'share_expired',
  'share_unauthorised',
  'share_missing_video',
  // Cameras (spec 001 §8 install errors: unreachable, missing credentials, unauthorised, connection timeout;
  // plus the codec check of the cameras issue).
  'install_unreachable',
  'install_missing_credentials',
  'install_unauthorised',
  'install_connection_timeout',
  'install_unsupported_codec',
  'camera_address_not_allowed',
  'camera_exists',
  'camera_uninstalled',
  ...PTZ_ERROR_CODES,
  // Changing a camera's streams over ONVIF (decision 0714): no ONVIF or no such stream; a value the camera does
  // not offer (the answer names what it offers); the camera unreachable, silent, or refusing.
  'stream_unsupported',
  'stream_setting_unavailable',
  'stream_camera_failed',
  /** Sound turned on for a camera that sends none (decision 0715). */
  'audio_unavailable',
  /** Per camera in a status answer's errors: the recorder could not be asked. */
  'status_unavailable',
  /** Live view or stills asked of a server that runs no recorder, or of a camera it does not serve yet. */
  'live_unavailable',
  /** GET /logger of a region whose fleet has no live recorder (decision 0600). */
  'no_recorder',
  /** A camera task reached no recorder: none holds the camera, or the one that does did not answer (0603). */
  'recorder_unavailable',
  /** Recorded footage on a recorder that is dead or gone, on its own disk (not shared storage): decision 0615. */
  'recording_host_offline',
  /** Recorded footage in a bucket (SEGMENT_STORE=s3) that does not answer: decision 0619. */
  'recording_store_unavailable',
  /** Another region's server did not answer a request made there for the caller (decision 0620). */
  'region_unavailable',
  // Recordings (spec 001 §8 video errors: error building video, missing video, H265 unsupported; ranges refused).
  'range_reversed',
  'range_too_long',
  'range_in_future',
  'video_missing',
  'video_build_failed',
  'video_codec_unsupported',
  // Licences (spec 000 §8, 001 §8: limit reached, plan limited, feature limited, please upgrade; decision 0700).
  ...LICENCE_ERROR_CODES,
  /** A recording resolution (nvrmode) the camera offers no stream at or below (decision 0701). */
  'resolution_unavailable',
  // Payments (decision 0741): the provider refused the payment; a plan change with no subscription to change.
  'payment_declined',
  'no_subscription',
  /** A customer's first plan already waits for the customer to pay its invoice (decision 0873). */
  'invoice_open',
  // Hosted checkout (decision 0750): the card form of a server whose provider takes cards on its own page, that page
  // asked of a server whose provider does not, and a return from it before the payment is complete.
  'hosted_checkout',
  'not_hosted_checkout',
  'payment_not_completed',
  // Brands (decision 0820): a text and background colour pair under the contrast rule of spec 000 §5; a host
  // another brand already answers on.
  'contrast_too_low',
  'brand_host_taken',
  // Registration on a host whose brand does not register users (decision 0824).
  'registration_closed',
  // Takeaway orders (decisions 0840, 0842): a webhook request unsigned, badly signed or outside the replay window;
  // an order id sent again with other contents; a dispute move its state does not allow.
  'signature_invalid',
  'signature_expired',
  'order_conflict',
  'dispute_transition',
  // Single sign-on (spec 000 §8: cannot use, account already used, no linked account, no email; decision 0833).
  ...SSO_ERROR_CODES,
  // Partner price lists (decision 0744): a distributor's list below its own cost; an installer's price for a
  // customer below its own list (0746), or above the ceiling once multiplied by the installer's list.
  'price_below_cost',
  'price_above_ceiling',
  // Two-way audio (decision 0709): no speaker offered, a clip that is not sound, the camera did not take it, too
  // many clips already waiting for its speaker.
  'talkback_unsupported',
  'talkback_bad_audio',
  'talkback_failed',
  'talkback_busy',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The answer of a call that only says it was done (spec 000 §7 answers `true`). */
export const Done = z.literal(true);
