import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/** How long a region's request on a partner's behalf is good for: one request, with clock skew to spare. */
export const PEER_GRANT_TTL_MS = 60_000;

/**
 * Who a region asks another region's server on behalf of (decision 0618): a partner it signed in (its partner id
 * and kind) or support. `iss` and `aud` are the two regions: a grant made for `us` is refused by `ap`.
 */
export const PeerGrant = z.object({
  iss: z.string(),
  aud: z.string(),
  kind: z.enum(['i', 'd', 's']),
  id: z.string().nullable(),
  exp: z.number(),
  /**
   * A write the grant is for, and the digest of what it writes (decision 0620): a grant to create one customer
   * cannot create another. Absent: reads only.
   */
  act: z.literal('customer.create').optional(),
  sub: z.string().optional(),
});
export type PeerGrant = z.infer<typeof PeerGrant>;

const mac = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest();

/** `<payload>.<signature>`, both base64url: sent as `Authorization: Region <grant>`. */
export function signPeerGrant(secret: string, grant: PeerGrant): string {
  const body = Buffer.from(JSON.stringify(grant)).toString('base64url');
  return `${body}.${mac(secret, body).toString('base64url')}`;
}

/** The grant when it is signed with `secret`, meant for region `self` and not expired; otherwise undefined. */
export function verifyPeerGrant(
  secret: string,
  self: string,
  token: string,
  now: number = Date.now(),
): PeerGrant | undefined {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return undefined;
  const want = mac(secret, body);
  const got = Buffer.from(signature, 'base64url');
  if (got.length !== want.length || !timingSafeEqual(got, want)) return undefined;
  let parsed: ReturnType<typeof PeerGrant.safeParse>;
  try {
    parsed = PeerGrant.safeParse(JSON.parse(Buffer.from(body, 'base64url').toString()));
  } catch {
    return undefined;
  }
  if (!parsed.success || parsed.data.aud !== self || parsed.data.exp < now) return undefined;
  return parsed.data;
}

/** The digest a write's grant names (`sub`): SHA-256 of its fields in a fixed order, base64url. */
export function writeDigest(fields: readonly string[]): string {
  return createHash('sha256').update(JSON.stringify(fields)).digest('base64url');
}
