import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

export interface StreamCredentials {
  username: string;
  password: string | undefined;
}

/** What is encrypted per camera: the credentials of its main stream and of its SD stream. */
export interface CameraCredentials {
  main: StreamCredentials | null;
  sd: StreamCredentials | null;
}

/**
 * Camera credentials at rest: AES-256-GCM (docs/decisions/0302).
 *
 * Key id 'k1': HKDF-SHA256 of the server secret (SECRET_KEY, or the one generated and kept in the database),
 * salt 'vigil', info 'camera-credentials/k1', 32 bytes. A fresh 96-bit IV per encryption; the camera's uidd is
 * the additional authenticated data, so a ciphertext copied onto another camera's row does not decrypt.
 * Stored as `base64url(iv).base64url(ciphertext).base64url(tag)` with the key id in its own column, so a later
 * key (k2, from a dedicated key or a KMS) can be introduced and rows re-encrypted lazily.
 *
 * Changing SECRET_KEY makes stored credentials unreadable; cameras then need their password again.
 */
export class CredentialCipher {
  static readonly CURRENT_KEY_ID = 'k1';
  readonly #keys: Map<string, Buffer>;

  constructor(secret: string) {
    const k1 = Buffer.from(hkdfSync('sha256', secret, 'vigil', 'camera-credentials/k1', 32));
    this.#keys = new Map([['k1', k1]]);
  }

  encrypt(uidd: string, credentials: CameraCredentials): { ciphertext: string; keyId: string } {
    const keyId = CredentialCipher.CURRENT_KEY_ID;
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#key(keyId), iv);
    cipher.setAAD(Buffer.from(uidd, 'utf8'));
    const ct = Buffer.concat([cipher.update(JSON.stringify(credentials), 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return { ciphertext: [iv, ct, tag].map((b) => b.toString('base64url')).join('.'), keyId };
  }

  /** Throws when the ciphertext was tampered with, belongs to another camera or another key. */
  decrypt(uidd: string, ciphertext: string, keyId: string): CameraCredentials {
    const [iv, ct, tag] = ciphertext.split('.').map((p) => Buffer.from(p, 'base64url'));
    if (!iv || !ct || !tag) throw new Error('malformed camera credentials');
    const decipher = createDecipheriv('aes-256-gcm', this.#key(keyId), iv);
    decipher.setAAD(Buffer.from(uidd, 'utf8'));
    decipher.setAuthTag(tag);
    const plain = Buffer.concat([decipher.update(ct), decipher.final()]).toString('utf8');
    return JSON.parse(plain) as CameraCredentials;
  }

  #key(keyId: string): Buffer {
    const key = this.#keys.get(keyId);
    if (!key) throw new Error(`unknown camera credentials key ${keyId}`);
    return key;
  }
}
