import { z } from 'zod';
import { Uidd } from './ids.ts';

/** Longest span a share link may cover (decision 0013). */
export const SHARE_MAX_RANGE_SEC = 24 * 3600;

const epochSec = z.number().int().min(0).max(8_640_000_000);

/**
 * POST /jwt/sign (spec 001 §7): one of noExpiry, validSeconds or expiryTimestamp (epoch seconds); a public link
 * must say which (spec 001 §5). The server builds the claims from these fields; nothing else is signed.
 */
export const SignShareBody = z
  .strictObject({
    type: z.literal('video'),
    access: z.enum(['private', 'public']),
    uidd: Uidd,
    startSec: epochSec,
    endSec: epochSec,
    noExpiry: z.literal(true).optional(),
    validSeconds: z
      .number()
      .int()
      .min(60)
      .max(366 * 86_400)
      .optional(),
    expiryTimestamp: epochSec.optional(),
  })
  .refine((b) => b.endSec > b.startSec, { message: 'must be after startSec', path: ['endSec'] })
  .refine((b) => b.endSec - b.startSec <= SHARE_MAX_RANGE_SEC, {
    message: `a link covers at most ${SHARE_MAX_RANGE_SEC / 3600} hours`,
    path: ['endSec'],
  })
  .refine((b) => [b.noExpiry, b.validSeconds, b.expiryTimestamp].filter((v) => v !== undefined).length <= 1, {
    message: 'give only one of noExpiry, validSeconds, expiryTimestamp',
    path: ['noExpiry'],
  });
export type SignShareBody = z.infer<typeof SignShareBody>;

export const ShareMetadata = z.object({
  type: z.literal('video'),
  access: z.enum(['private', 'public']),
  /** Epoch ms, or null for never. */
  expiry: z.number().nullable(),
});
export type ShareMetadata = z.infer<typeof ShareMetadata>;

export const SignShareResult = z.object({ token: z.string(), id: z.string(), metadata: ShareMetadata });

export const ShareVerifyResult = ShareMetadata.extend({
  id: z.string(),
  uidd: z.string(),
  startSec: z.number(),
  endSec: z.number(),
  signedIn: z.boolean(),
});
export type ShareVerifyResult = z.infer<typeof ShareVerifyResult>;

export const ShareLinkInfo = ShareMetadata.extend({
  id: z.string(),
  uidd: z.string(),
  startSec: z.number(),
  endSec: z.number(),
  createdAt: z.number(),
  revoked: z.boolean(),
  uses: z.number(),
});
export type ShareLinkInfo = z.infer<typeof ShareLinkInfo>;
