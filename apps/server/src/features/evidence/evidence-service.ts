import {
  canonicalJson,
  EVIDENCE_SIGNATURE_ALG,
  type EvidenceExporter,
  EvidenceManifest,
  type EvidencePublicKey,
  type SignedManifest,
  type Uid,
  type Uidd,
  type VerifyExportResult,
} from '@vigil/contracts';
import { notFound } from '../../http/errors.ts';
import { auditRow, recordIn } from '../audit/audit-log.ts';
import type { UserDirectory } from '../auth/user-directory.ts';
import type { EvidenceRepository, ExportRow } from './evidence-repository.ts';
import type { SigningKeys } from './signing-keys.ts';

/** What the download route knows when a clip starts to be sent. */
export interface ExportMeta {
  ownerUid: Uid;
  uidd: Uidd;
  cameraName: string;
  fromMs: number;
  toMs: number;
  format: 'mp4' | 'mpegts';
  stream: 'main' | 'sd';
  filename: string;
  exporter: { uid?: Uid; email?: string; shareId?: string; ip: string };
}

/** The part other features use (the download routes): app.services.evidence. */
export interface EvidenceExports {
  /** Records an export starting; answers its id (UUID v4), to send as `X-Export-Id`. */
  begin(meta: ExportMeta): Promise<string>;
  /** The last byte was sent: stores the hash, signs the manifest, logs `export.completed`. */
  complete(id: string, r: { sha256: string; bytes: number }): Promise<void>;
  /** The export did not finish (ffmpeg failed, the client went away): logs `export.failed`. No-op once ended. */
  fail(id: string, reason: string): Promise<void>;
}

export interface EvidenceDeps {
  repo: EvidenceRepository;
  /** The e-mail of the user who exports (auth feature): a manifest names a person, not an opaque id. */
  users: Pick<UserDirectory, 'emailOf'>;
  keys: SigningKeys;
  /** Named in every manifest: the public address and version of the service that signed. */
  service: { url: string; version: string };
  now: () => number;
}

const FAILURE_MAX_CHARS = 500;

function exporterOf(r: ExportRow): EvidenceExporter {
  return {
    ...(r.exporter_uid ? { uid: r.exporter_uid as Uid } : {}),
    ...(r.exporter_email ? { email: r.exporter_email } : {}),
    ...(r.exporter_share_id ? { shareId: r.exporter_share_id } : {}),
  };
}

const actorOf = (r: ExportRow) => ({ ...exporterOf(r), ip: r.exporter_ip });

const auditDetails = (r: ExportRow) => ({
  exportId: r.id,
  uidd: r.camera_uidd,
  cameraName: r.camera_name,
  fromMs: r.from_ms,
  toMs: r.to_ms,
  format: r.format,
  stream: r.stream,
  filename: r.filename,
});

/**
 * Evidence exports (decision 0506): each downloaded clip's SHA-256 and a manifest signed with Ed25519, which
 * anyone can check later by the file's hash or by the manifest itself.
 */
export class EvidenceService implements EvidenceExports {
  readonly #d: EvidenceDeps;
  constructor(deps: EvidenceDeps) {
    this.#d = deps;
  }

  async begin(meta: ExportMeta): Promise<string> {
    const id = crypto.randomUUID();
    const uid = meta.exporter.uid;
    const email = meta.exporter.email ?? (uid ? await this.#d.users.emailOf(uid) : undefined);
    await this.#d.repo.insert({
      id,
      owner_uid: meta.ownerUid,
      camera_uidd: meta.uidd,
      camera_name: meta.cameraName,
      from_ms: meta.fromMs,
      to_ms: meta.toMs,
      format: meta.format,
      stream: meta.stream,
      filename: meta.filename,
      exporter_uid: meta.exporter.uid ?? null,
      exporter_email: email ?? null,
      exporter_share_id: meta.exporter.shareId ?? null,
      exporter_ip: meta.exporter.ip,
      status: 'running',
      started_at: this.#d.now(),
      completed_at: null,
      sha256: null,
      bytes: null,
      failure: null,
      key_id: null,
      manifest_json: null,
      signature: null,
    });
    return id;
  }

  async complete(id: string, r: { sha256: string; bytes: number }): Promise<void> {
    const { repo, keys, now } = this.#d;
    const sha256 = r.sha256.toLowerCase();
    if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error(`export ${id}: not a hex SHA-256`);
    const row = await repo.find(id);
    if (row?.status !== 'running') throw new Error(`export ${id} is not running`);
    const at = now();
    const manifest: EvidenceManifest = {
      exportId: row.id,
      camera: { uidd: row.camera_uidd as Uidd, name: row.camera_name },
      owner: row.owner_uid as Uid,
      range: { fromMs: row.from_ms, toMs: row.to_ms },
      format: row.format,
      stream: row.stream,
      filename: row.filename,
      sha256,
      bytes: r.bytes,
      exporter: exporterOf(row),
      exportedAt: at,
      service: this.#d.service,
    };
    const manifestJson = canonicalJson(manifest);
    const { keyId, signature } = await keys.sign(manifestJson);
    const done = await repo.finish(
      id,
      {
        status: 'complete',
        completed_at: at,
        sha256,
        bytes: r.bytes,
        key_id: keyId,
        manifest_json: manifestJson,
        signature,
      },
      (tx) =>
        recordIn(
          tx,
          auditRow(row.owner_uid, at, actorOf(row), 'export.completed', {
            ...auditDetails(row),
            sha256,
            bytes: r.bytes,
          }),
        ),
    );
    if (!done) throw new Error(`export ${id} ended meanwhile`);
  }

  async fail(id: string, reason: string): Promise<void> {
    const row = await this.#d.repo.find(id);
    if (row?.status !== 'running') return;
    const at = this.#d.now();
    const failure = reason.slice(0, FAILURE_MAX_CHARS);
    await this.#d.repo.finish(id, { status: 'failed', completed_at: at, failure }, (tx) =>
      recordIn(
        tx,
        auditRow(row.owner_uid, at, actorOf(row), 'export.failed', { ...auditDetails(row), reason: failure }),
      ),
    );
  }

  /**
   * A completed export's signed manifest. The export id is the capability (UUID v4, unguessable, given only to
   * whoever downloaded the clip), so no sign-in is asked.
   */
  async manifest(id: string): Promise<SignedManifest> {
    const row = await this.#d.repo.find(id);
    const signed = row && signedOf(row);
    if (!signed) throw notFound('No completed export with this id');
    return signed;
  }

  async publicKey(keyId?: string): Promise<EvidencePublicKey> {
    const { keys } = this.#d;
    if (keyId === undefined) {
      const k = await keys.current();
      return { alg: EVIDENCE_SIGNATURE_ALG, keyId: k.keyId, publicKeyPem: k.publicKeyPem };
    }
    const pem = await keys.publicKeyPem(keyId);
    if (!pem) throw notFound('No such key');
    return { alg: EVIDENCE_SIGNATURE_ALG, keyId, publicKeyPem: pem };
  }

  /** By the file's hash: the first completed export of those bytes, if its stored signature still holds. */
  async verifyHash(sha256: string): Promise<VerifyExportResult> {
    const row = await this.#d.repo.firstCompleteWithHash(sha256);
    const signed = row && signedOf(row);
    if (!row?.manifest_json || !signed) return { verified: false, reason: 'not_found' };
    // The stored text is what was signed; the hash column must also be the one inside it (a row edited to point
    // another file at an old manifest fails here).
    const ok = await this.#d.keys.verify(signed.keyId, row.manifest_json, signed.signature);
    if (ok !== true || signed.manifest.sha256 !== sha256) return { verified: false, reason: 'bad_signature' };
    return { verified: true, ...signed };
  }

  /** A manifest and signature as saved: checked exactly as given (an added or changed field fails). */
  async verifyManifest(
    manifest: Record<string, unknown>,
    signature: string,
    keyId: string | undefined,
  ): Promise<VerifyExportResult> {
    const { keys } = this.#d;
    let text: string;
    try {
      text = canonicalJson(manifest);
    } catch {
      // Nesting deep enough to exhaust the stack: not a manifest of ours.
      return { verified: false, reason: 'malformed' };
    }
    const candidates = keyId === undefined ? await keys.allKeyIds() : [keyId];
    let known = false;
    for (const k of candidates) {
      const ok = await keys.verify(k, text, signature);
      if (ok === 'unknown_key') continue;
      known = true;
      if (!ok) continue;
      const parsed = EvidenceManifest.safeParse(manifest);
      if (!parsed.success) return { verified: false, reason: 'malformed' };
      return { verified: true, manifest: parsed.data, signature, alg: EVIDENCE_SIGNATURE_ALG, keyId: k };
    }
    return { verified: false, reason: known ? 'bad_signature' : 'unknown_key' };
  }
}

function signedOf(row: ExportRow): SignedManifest | undefined {
  if (row.status !== 'complete' || !row.manifest_json || !row.signature || !row.key_id) return undefined;
  return {
    manifest: JSON.parse(row.manifest_json) as EvidenceManifest,
    signature: row.signature,
    alg: EVIDENCE_SIGNATURE_ALG,
    keyId: row.key_id,
  };
}
