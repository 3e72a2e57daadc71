import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type Server } from 'node:http';

/** A browser's side of a push subscription: its P-256 key pair and auth secret (RFC 8291 §2). */
export function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    p256dh: ecdh.getPublicKey().toString('base64url'),
    authB64: auth.toString('base64url'),
  };
}

export interface PushReceived {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The VAPID JWT's claims, after checking its ES256 signature with the key the request names (RFC 8292). */
  claims: Record<string, unknown>;
  /** `k` of the Authorization header: the application server's public key. */
  vapidKey: string;
  /** The payload, decrypted with the browser's keys (RFC 8291, aes128gcm). */
  payload: string;
}

const ecPublicKey = (raw: Buffer) =>
  createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });

/** Checks a VAPID Authorization header `vapid t=<jwt>, k=<key>` and answers the JWT's claims. */
function checkVapid(header: string): { claims: Record<string, unknown>; key: string } {
  const m = /^vapid t=([^,\s]+),\s*k=(\S+)$/.exec(header);
  if (!m?.[1] || !m[2]) throw new Error(`not a VAPID authorization: ${header}`);
  const [h, p, sig] = m[1].split('.') as [string, string, string];
  const ok = verify(
    'sha256',
    Buffer.from(`${h}.${p}`),
    { key: ecPublicKey(Buffer.from(m[2], 'base64url')), dsaEncoding: 'ieee-p1363' },
    Buffer.from(sig, 'base64url'),
  );
  if (!ok) throw new Error('VAPID signature does not verify');
  return { claims: JSON.parse(Buffer.from(p, 'base64url').toString()), key: m[2] };
}

/** Decrypts an aes128gcm push message body (RFC 8188 header, RFC 8291 keys) with the browser's keys. */
export function decrypt(body: Buffer, keys: ReturnType<typeof browserKeys>): string {
  const salt = body.subarray(0, 16);
  const idlen = body[20] as number;
  const asPublic = body.subarray(21, 21 + idlen);
  const data = body.subarray(21 + idlen);
  const shared = keys.ecdh.computeSecret(asPublic);
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), keys.ecdh.getPublicKey(), asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, keys.auth, info, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(data.subarray(data.length - 16));
  const plain = Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 2 and zero padding (RFC 8188 §2).
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error('not the last record: no delimiter 2');
  return plain.subarray(0, end).toString('utf8');
}

/**
 * A push service standing in for a browser vendor's (RFC 8030) on a local port: checks each message's VAPID
 * signature, decrypts it for the subscription named by its path, and answers 201, or 410 for paths under /gone/.
 */
export async function startPushStandIn(port: number) {
  const subscribers = new Map<string, ReturnType<typeof browserKeys>>();
  const received: PushReceived[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      if (path.startsWith('/gone/')) return void res.writeHead(410).end();
      const keys = subscribers.get(path);
      if (!keys) return void res.writeHead(404).end();
      const { claims, key } = checkVapid(String(req.headers.authorization));
      received.push({
        path,
        headers: req.headers,
        claims,
        vapidKey: key,
        payload: decrypt(Buffer.concat(chunks), keys),
      });
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    received,
    /** A new browser subscription at this service: what `PushSubscription.toJSON()` would give. */
    subscribe(path: string) {
      const keys = browserKeys();
      subscribers.set(path, keys);
      return { endpoint: `${origin}${path}`, keys: { p256dh: keys.p256dh, auth: keys.authB64 } };
    },
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
}
