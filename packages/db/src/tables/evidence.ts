/** Clip exports with their hash and signed manifest (migration 0506, decision 0506). */
export interface EvidenceExportsTable {
  /** UUID v4: unguessable, it is the capability to read the manifest. */
  id: string;
  owner_uid: string;
  camera_uidd: string;
  camera_name: string;
  from_ms: number;
  to_ms: number;
  format: 'mp4' | 'mpegts';
  stream: 'main' | 'sd';
  filename: string;
  exporter_uid: string | null;
  exporter_email: string | null;
  exporter_share_id: string | null;
  exporter_ip: string;
  status: 'running' | 'complete' | 'failed';
  started_at: number;
  completed_at: number | null;
  /** Lowercase hex SHA-256 of the bytes sent. */
  sha256: string | null;
  bytes: number | null;
  failure: string | null;
  key_id: string | null;
  /** The manifest as signed: canonical JSON (sorted keys, no spaces). */
  manifest_json: string | null;
  /** Base64 Ed25519 signature of manifest_json's UTF-8 bytes. */
  signature: string | null;
}

/** Ed25519 key pairs that sign manifests; public keys kept after retirement. */
export interface EvidenceKeysTable {
  /** First 16 hex digits of the SHA-256 of the public key's SPKI DER. */
  key_id: string;
  public_key_pem: string;
  /** PKCS#8 PEM, AES-256-GCM with a key derived from the server secret: iv.ciphertext.tag, base64url. */
  private_key_enc: string;
  created_at: number;
  retired_at: number | null;
}

/** What happened on an account, for its owner and co-owners to read (migration 0506). */
export interface AuditLogTable {
  id: string;
  account_uid: string;
  at: number;
  actor_uid: string | null;
  actor_email: string | null;
  actor_share_id: string | null;
  ip: string | null;
  /** e.g. 'export.completed'. */
  action: string;
  /** JSON object. */
  details: string;
}

export interface EvidenceTables {
  evidence_exports: EvidenceExportsTable;
  evidence_keys: EvidenceKeysTable;
  audit_log: AuditLogTable;
}
