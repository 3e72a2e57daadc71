import { z } from 'zod';
import { Uid, Uidd } from './ids.ts';

/** Clip exports as evidence: their hash, a signed manifest, verification, and the account audit log (decision 0506). */

export const EVIDENCE_SIGNATURE_ALG = 'Ed25519';
/** Entries per page of GET /account/:uid/audit, unless the caller asks for fewer. */
export const AUDIT_PAGE_SIZE = 50;

export const ExportId = z.uuid();
/** Lowercase hex SHA-256; capitals are accepted and lowered (some tools print them). */
export const Sha256Hex = z
  .string()
  .regex(/^[0-9a-fA-F]{64}$/, 'must be a SHA-256 in hex')
  .transform((s) => s.toLowerCase());

export const ExportFormat = z.enum(['mp4', 'mpegts']);
export type ExportFormat = z.infer<typeof ExportFormat>;
export const ExportStream = z.enum(['main', 'sd']);
export type ExportStream = z.infer<typeof ExportStream>;

/** Who exported: a signed-in user, or a visitor of a share link. The address stays in the audit log only. */
export const EvidenceExporter = z.strictObject({
  uid: Uid.optional(),
  email: z.string().optional(),
  shareId: z.string().optional(),
});
export type EvidenceExporter = z.infer<typeof EvidenceExporter>;

export const EvidenceManifest = z.strictObject({
  exportId: z.string(),
  camera: z.strictObject({ uidd: Uidd, name: z.string() }),
  owner: Uid,
  range: z.strictObject({ fromMs: z.number().int(), toMs: z.number().int() }),
  format: ExportFormat,
  stream: ExportStream,
  filename: z.string(),
  sha256: z.string(),
  bytes: z.number().int(),
  exporter: EvidenceExporter,
  /** Epoch ms when the last byte was sent and the hash known. */
  exportedAt: z.number().int(),
  /** The service that signed: its public address and version. */
  service: z.strictObject({ url: z.string(), version: z.string() }),
});
export type EvidenceManifest = z.infer<typeof EvidenceManifest>;

/** GET /exports/:id/manifest. `signature`: base64 Ed25519 over the UTF-8 of canonicalJson(manifest). */
export const SignedManifest = z.object({
  manifest: EvidenceManifest,
  signature: z.string(),
  alg: z.literal(EVIDENCE_SIGNATURE_ALG),
  keyId: z.string(),
});
export type SignedManifest = z.infer<typeof SignedManifest>;

/** GET /exports/public-key (`?format=pem` answers the PEM alone, for openssl). */
export const EvidencePublicKey = z.object({
  alg: z.literal(EVIDENCE_SIGNATURE_ALG),
  keyId: z.string(),
  publicKeyPem: z.string(),
});
export type EvidencePublicKey = z.infer<typeof EvidencePublicKey>;
export const PublicKeyQuery = z.strictObject({
  keyId: z
    .string()
    .regex(/^[0-9a-f]{16}$/)
    .optional(),
  format: z.enum(['json', 'pem']).optional(),
});

/**
 * POST /exports/verify: the file's hash (computed by the browser: the file is never uploaded), or a manifest and
 * signature as they were saved. The manifest is any object: it is checked as given, unknown fields included.
 */
export const VerifyExportBody = z.union([
  z.strictObject({ sha256: Sha256Hex }),
  z.strictObject({
    manifest: z.record(z.string(), z.unknown()),
    signature: z.string().max(200),
    alg: z.literal(EVIDENCE_SIGNATURE_ALG).optional(),
    keyId: z.string().max(32).optional(),
  }),
]);
export type VerifyExportBody = z.input<typeof VerifyExportBody>;

/** not_found: no completed export has this hash; bad_signature: tampered; unknown_key: not signed by us. */
export const VerifyFailure = z.enum(['not_found', 'bad_signature', 'unknown_key', 'malformed']);
export type VerifyFailure = z.infer<typeof VerifyFailure>;

export const VerifyExportResult = z.discriminatedUnion('verified', [
  SignedManifest.extend({ verified: z.literal(true) }),
  z.object({ verified: z.literal(false), reason: VerifyFailure }),
]);
export type VerifyExportResult = z.infer<typeof VerifyExportResult>;

export const AUDIT_ACTIONS = [
  'export.completed',
  'export.failed',
  // Support access (decision 0017): the owner's consent, and each time support looked at pictures or video.
  'support.granted',
  'support.revoked',
  'support.viewed',
  // The partner portal and support tools (decision 0720): who created the account, and what support did to it.
  'partner.created',
  'partner.moved',
  'support.tool',
  'camera.installed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AuditEntry = z.object({
  id: z.string(),
  at: z.number(),
  action: z.string(),
  actor: z.object({
    uid: z.string().optional(),
    email: z.string().optional(),
    shareId: z.string().optional(),
  }),
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditParams = z.strictObject({ uid: Uid });
export const AuditQuery = z.strictObject({
  /** The `next` of the previous page. */
  before: z
    .string()
    .regex(/^\d{1,16}:[A-Za-z0-9-]{1,36}$/, 'must be a cursor from a previous page')
    .optional(),
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_SIZE).optional(),
});
export type AuditQuery = z.infer<typeof AuditQuery>;

/** Newest first; `next` is the cursor of the following page, null at the end. */
export const AuditPage = z.object({ entries: z.array(AuditEntry), next: z.string().nullable() });
export type AuditPage = z.infer<typeof AuditPage>;
