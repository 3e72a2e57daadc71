import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  hkdfSync,
  type KeyObject,
  randomBytes,
  sign,
  verify,
} from 'node:crypto';
import type { EvidenceRepository, KeyRow } from './evidence-repository.ts';

export interface SigningKey {
  keyId: string;
  publicKeyPem: string;
  privateKey: KeyObject;
}

/** A key's id: the first 16 hex digits of the SHA-256 of its public key (SPKI DER), checkable by anyone. */
export function keyIdOf(publicKey: KeyObject): string {
  return createHash('sha256')
    .update(publicKey.export({ type: 'spki', format: 'der' }))
    .digest('hex')
    .slice(0, 16);
}

/**
 * The Ed25519 keys that sign manifests (decision 0506). Generated on first use and kept in `evidence_keys`, the
 * private key AES-256-GCM encrypted with a key derived from the server secret (HKDF-SHA256, info
 * 'evidence-signing-key/k1'; the key id is the additional data), so a copy of the database alone cannot sign.
 * Two instances starting together may each insert a key; both then sign with the oldest, and the other is
 * harmless. A changed SECRET_KEY cannot decrypt the old key: a new one is made, and the old public key still
 * verifies what it signed.
 */
export class SigningKeys {
  readonly #repo: EvidenceRepository;
  readonly #wrapKey: Buffer;
  readonly #now: () => number;
  #current: Promise<SigningKey> | undefined;
  readonly #publicKeys = new Map<string, KeyObject>();

  constructor(repo: EvidenceRepository, secret: string, now: () => number) {
    this.#repo = repo;
    this.#wrapKey = Buffer.from(hkdfSync('sha256', secret, 'vigil', 'evidence-signing-key/k1', 32));
    this.#now = now;
  }

  current(): Promise<SigningKey> {
    this.#current ??= this.#load().catch((e: unknown) => {
      this.#current = undefined;
      throw e;
    });
    return this.#current;
  }

  /** A key's public half, retired or not; undefined for a key this service never had. */
  async publicKey(keyId: string): Promise<KeyObject | undefined> {
    const cached = this.#publicKeys.get(keyId);
    if (cached) return cached;
    const row = await this.#repo.findKey(keyId);
    if (!row) return undefined;
    const key = createPublicKey(row.public_key_pem);
    this.#publicKeys.set(keyId, key);
    return key;
  }

  async publicKeyPem(keyId: string): Promise<string | undefined> {
    return (await this.#repo.findKey(keyId))?.public_key_pem;
  }

  allKeyIds(): Promise<string[]> {
    return this.#repo.allKeyIds();
  }

  async sign(data: string): Promise<{ keyId: string; signature: string }> {
    const key = await this.current();
    return {
      keyId: key.keyId,
      signature: sign(null, Buffer.from(data, 'utf8'), key.privateKey).toString('base64'),
    };
  }

  async verify(keyId: string, data: string, signature: string): Promise<boolean | 'unknown_key'> {
    const key = await this.publicKey(keyId);
    if (!key) return 'unknown_key';
    const sig = Buffer.from(signature, 'base64');
    if (sig.length !== 64) return false;
    return verify(null, Buffer.from(data, 'utf8'), key, sig);
  }

  async #load(): Promise<SigningKey> {
    const existing = await this.#firstUsable();
    if (existing) return existing;
    const { publicKey, privateKey } = generateKeyPairSync('ed25519');
    const keyId = keyIdOf(publicKey);
    await this.#repo.insertKey({
      key_id: keyId,
      public_key_pem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      private_key_enc: this.#encrypt(keyId, privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()),
      created_at: this.#now(),
      retired_at: null,
    });
    const chosen = await this.#firstUsable();
    if (!chosen) throw new Error('evidence signing key: none usable after creating one');
    return chosen;
  }

  async #firstUsable(): Promise<SigningKey | undefined> {
    for (const row of await this.#repo.activeKeys()) {
      const privateKey = this.#decrypt(row);
      if (privateKey) return { keyId: row.key_id, publicKeyPem: row.public_key_pem, privateKey };
    }
    return undefined;
  }

  #encrypt(keyId: string, pem: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#wrapKey, iv);
    cipher.setAAD(Buffer.from(keyId, 'utf8'));
    const ct = Buffer.concat([cipher.update(pem, 'utf8'), cipher.final()]);
    return [iv, ct, cipher.getAuthTag()].map((b) => b.toString('base64url')).join('.');
  }

  /** The private key, or undefined when it was encrypted under another server secret. */
  #decrypt(row: KeyRow): KeyObject | undefined {
    const [iv, ct, tag] = row.private_key_enc.split('.').map((p) => Buffer.from(p, 'base64url'));
    if (!iv || !ct || !tag) return undefined;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.#wrapKey, iv);
      decipher.setAAD(Buffer.from(row.key_id, 'utf8'));
      decipher.setAuthTag(tag);
      const pem = Buffer.concat([decipher.update(ct), decipher.final()]).toString('utf8');
      return createPrivateKey(pem);
    } catch {
      return undefined;
    }
  }
}
