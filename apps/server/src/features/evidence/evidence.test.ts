import { createHash, createPublicKey, verify } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Uid, Uidd } from '@vigil/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDb } from '../../testing/harness.ts';
import { type SignedIn, signedInUser } from '../../testing/sessions.ts';
import { serverSecret } from '../bootstrap/secret.ts';
import type { EvidenceExports } from './evidence-service.ts';
import { createHashTap } from './hash-tap.ts';
import { createEvidence } from './module.ts';

// SHA-256 test vectors (FIPS 180-2): "abc" and "" (the empty file).
const SHA_ABC = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad';
const SHA_EMPTY = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
const UNKNOWN = '0'.repeat(64);
const FROM = 1_763_900_000_000;
const TO = 1_763_900_600_000;

describeEachDb(
  'evidence exports',
  (ctx) => {
    let owner: SignedIn;
    let evidence: EvidenceExports;
    let uidd: Uidd;
    let exportId: string;
    let exportedAt: number;

    // Each export a second after the last, so the audit log's order is known.
    const begin = (filename: string) => {
      ctx().clock.advance(1_000);
      return evidence.begin({
        ownerUid: owner.uid as Uid,
        uidd,
        cameraName: 'Front door',
        fromMs: FROM,
        toMs: TO,
        format: 'mp4',
        stream: 'main',
        filename,
        exporter: { uid: owner.uid as Uid, email: owner.email, ip: '203.0.113.7' },
      });
    };
    const verifyBody = (payload: object) => ctx().call({ method: 'POST', url: '/exports/verify', payload });

    beforeAll(async () => {
      const t = ctx();
      owner = await signedInUser(t);
      uidd = `${owner.uid}.cam1` as Uidd;
      evidence = t.app.services.evidence;
      exportId = await begin('Front door 2025-11-23 12-13 UTC 10m.mp4');
      t.clock.advance(5_000);
      exportedAt = t.clock.now();
      await evidence.complete(exportId, { sha256: SHA_ABC, bytes: 3 });
    });

    it('gives each export a UUID v4 and serves its manifest, whose signature the public key verifies', async () => {
      const t = ctx();
      expect(exportId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      const res = await t.call({ method: 'GET', url: `/exports/${exportId}/manifest` });
      expect(res.status).toBe(200);
      expect(res.json.alg).toBe('Ed25519');
      expect(res.json.manifest).toEqual({
        exportId,
        camera: { uidd, name: 'Front door' },
        owner: owner.uid,
        range: { fromMs: FROM, toMs: TO },
        format: 'mp4',
        stream: 'main',
        filename: 'Front door 2025-11-23 12-13 UTC 10m.mp4',
        sha256: SHA_ABC,
        bytes: 3,
        // The address is left out of the manifest (anyone holding the file reads it); the audit log keeps it.
        exporter: { uid: owner.uid, email: owner.email },
        exportedAt,
        service: { url: 'https://vigil.example', version: '2.44.15' },
      });

      // The outside oracle: the signed bytes written out by hand (keys sorted, no spaces) and node:crypto alone.
      const signed =
        `{"bytes":3,"camera":{"name":"Front door","uidd":"${uidd}"},"exportId":"${exportId}",` +
        `"exportedAt":${exportedAt},"exporter":{"email":"${owner.email}","uid":"${owner.uid}"},` +
        `"filename":"Front door 2025-11-23 12-13 UTC 10m.mp4","format":"mp4","owner":"${owner.uid}",` +
        `"range":{"fromMs":${FROM},"toMs":${TO}},"service":{"url":"https://vigil.example","version":"2.44.15"},` +
        `"sha256":"${SHA_ABC}","stream":"main"}`;
      const pem = await t.app.inject({ method: 'GET', url: '/exports/public-key?format=pem' });
      expect(pem.headers['content-type']).toContain('application/x-pem-file');
      const key = createPublicKey(pem.body);
      expect(key.asymmetricKeyType).toBe('ed25519');
      const sig = Buffer.from(res.json.signature, 'base64');
      expect(verify(null, Buffer.from(signed, 'utf8'), key, sig)).toBe(true);
      expect(verify(null, Buffer.from(signed.replace('"bytes":3', '"bytes":4'), 'utf8'), key, sig)).toBe(
        false,
      );
      // The key id is the start of the key's own SHA-256 fingerprint, checkable by anyone.
      const fingerprint = createHash('sha256')
        .update(key.export({ type: 'spki', format: 'der' }))
        .digest('hex');
      expect(res.json.keyId).toBe(fingerprint.slice(0, 16));
      const json = await t.call({ method: 'GET', url: '/exports/public-key' });
      expect(json.json).toEqual({ alg: 'Ed25519', keyId: res.json.keyId, publicKeyPem: pem.body });
    });

    it('verifies a file by its hash (any case), and says not found for an unknown one', async () => {
      const ok = await verifyBody({ sha256: SHA_ABC.toUpperCase() });
      expect(ok.status).toBe(200);
      expect(ok.json.verified).toBe(true);
      expect(ok.json.manifest.exportId).toBe(exportId);
      expect(ok.json.manifest.sha256).toBe(SHA_ABC);
      expect(await verifyBody({ sha256: UNKNOWN }).then((r) => r.json)).toEqual({
        verified: false,
        reason: 'not_found',
      });
      expect((await verifyBody({ sha256: 'xyz' })).status).toBe(400);
    });

    it('verifies a saved manifest as given, and refuses one with any field changed, added or removed', async () => {
      const t = ctx();
      const { json: m } = await t.call({ method: 'GET', url: `/exports/${exportId}/manifest` });
      const good = await verifyBody({ manifest: m.manifest, signature: m.signature, keyId: m.keyId });
      expect(good.json).toMatchObject({ verified: true, keyId: m.keyId, manifest: { exportId } });
      // Without the key id every key the service has is tried.
      expect((await verifyBody({ manifest: m.manifest, signature: m.signature })).json.verified).toBe(true);
      for (const tampered of [
        { ...m.manifest, bytes: 4 },
        { ...m.manifest, range: { fromMs: FROM, toMs: TO + 1 } },
        { ...m.manifest, note: 'added' },
        { ...m.manifest, exporter: {} },
      ]) {
        expect((await verifyBody({ manifest: tampered, signature: m.signature })).json).toEqual({
          verified: false,
          reason: 'bad_signature',
        });
      }
      expect(
        (await verifyBody({ manifest: m.manifest, signature: m.signature, keyId: 'ffffffffffffffff' })).json,
      ).toEqual({ verified: false, reason: 'unknown_key' });
      expect((await verifyBody({ manifest: m.manifest, signature: 'AAAA' })).json.reason).toBe(
        'bad_signature',
      );
    });

    it('does not verify a hash whose stored row was edited to point at another file', async () => {
      const t = ctx();
      const id = await begin('edited.mp4');
      await evidence.complete(id, { sha256: SHA_EMPTY, bytes: 0 });
      expect((await verifyBody({ sha256: SHA_EMPTY })).json.verified).toBe(true);
      const other = 'ab'.repeat(32);
      await t.db.db.updateTable('evidence_exports').set({ sha256: other }).where('id', '=', id).execute();
      expect((await verifyBody({ sha256: other })).json).toEqual({
        verified: false,
        reason: 'bad_signature',
      });
    });

    it('serves no manifest for a running, failed or unknown export; failing twice or after completing does nothing', async () => {
      const t = ctx();
      const running = await begin('running.mp4');
      expect((await t.call({ method: 'GET', url: `/exports/${running}/manifest` })).status).toBe(404);
      await evidence.fail(running, 'client went away');
      await evidence.fail(running, 'again');
      await evidence.fail(exportId, 'late');
      expect((await t.call({ method: 'GET', url: `/exports/${running}/manifest` })).status).toBe(404);
      expect((await t.call({ method: 'GET', url: `/exports/${exportId}/manifest` })).status).toBe(200);
      const unknown = '1b4e28ba-2fa1-4d2e-883f-0016d3cca427';
      expect((await t.call({ method: 'GET', url: `/exports/${unknown}/manifest` })).status).toBe(404);
      expect((await t.call({ method: 'GET', url: '/exports/not-a-uuid/manifest' })).status).toBe(400);
      await expect(evidence.complete(running, { sha256: SHA_ABC, bytes: 3 })).rejects.toThrow('not running');
    });

    it('keeps one key for every instance, its private half encrypted; a new server secret signs with a new key, old ones still verify', async () => {
      const t = ctx();
      const { json: current } = await t.call({ method: 'GET', url: '/exports/public-key' });
      const keys = await t.db.db.selectFrom('evidence_keys').selectAll().execute();
      expect(keys.map((k) => k.key_id)).toEqual([current.keyId]);
      expect(keys[0]?.private_key_enc).not.toContain('PRIVATE KEY');

      const secret = await serverSecret(t.db.db, undefined);
      const twin = createEvidence({
        db: t.db.db,
        secret,
        publicUrl: 'https://vigil.example',
        now: t.clock.now,
      });
      expect((await twin.service.publicKey()).keyId).toBe(current.keyId);

      const rotated = createEvidence({
        db: t.db.db,
        secret: 'another secret altogether',
        publicUrl: 'https://vigil.example',
        now: t.clock.now,
      });
      t.clock.advance(1_000);
      const fresh = await rotated.service.begin({
        ownerUid: owner.uid as Uid,
        uidd,
        cameraName: 'Front door',
        fromMs: FROM,
        toMs: TO,
        format: 'mpegts',
        stream: 'sd',
        filename: 'x.ts',
        exporter: { shareId: 'share1', ip: '198.51.100.1' },
      });
      await rotated.service.complete(fresh, { sha256: 'cd'.repeat(32), bytes: 10 });
      const m = await rotated.service.manifest(fresh);
      expect(m.keyId).not.toBe(current.keyId);
      expect(m.manifest.exporter).toEqual({ shareId: 'share1' });
      // The app (old secret) still verifies both: public keys are all kept.
      expect((await verifyBody({ sha256: 'cd'.repeat(32) })).json.verified).toBe(true);
      expect((await verifyBody({ sha256: SHA_ABC })).json.verified).toBe(true);
    });

    it('writes completed and failed exports to the owner’s audit log, newest first, paged', async () => {
      const t = ctx();
      const res = await t.call({ method: 'GET', url: `/account/${owner.uid}/audit`, token: owner.token });
      expect(res.status).toBe(200);
      const actions = res.json.entries.map((e: { action: string }) => e.action);
      // complete(abc), complete(empty), fail(running), complete(rotated): newest first.
      expect(actions).toEqual(['export.completed', 'export.failed', 'export.completed', 'export.completed']);
      const first = res.json.entries.at(-1);
      expect(first).toMatchObject({
        at: exportedAt,
        action: 'export.completed',
        actor: { uid: owner.uid, email: owner.email },
        ip: '203.0.113.7',
        details: {
          exportId,
          uidd,
          cameraName: 'Front door',
          fromMs: FROM,
          toMs: TO,
          format: 'mp4',
          stream: 'main',
          filename: 'Front door 2025-11-23 12-13 UTC 10m.mp4',
          sha256: SHA_ABC,
          bytes: 3,
        },
      });
      expect(res.json.entries[1].details.reason).toBe('client went away');
      expect(res.json.entries[0].actor).toEqual({ shareId: 'share1' });
      expect(res.json.next).toBeNull();

      const seen: string[] = [];
      let next: string | null = null;
      do {
        const page: { json: { entries: Array<{ id: string }>; next: string | null } } = await t.call({
          method: 'GET',
          url: `/account/${owner.uid}/audit?limit=3${next ? `&before=${encodeURIComponent(next)}` : ''}`,
          token: owner.token,
        });
        seen.push(...page.json.entries.map((e) => e.id));
        next = page.json.next;
      } while (next);
      expect(seen).toEqual(res.json.entries.map((e: { id: string }) => e.id));
    });

    it('refuses the audit log to other tenants (404) and to support (403)', async () => {
      const t = ctx();
      const stranger = await signedInUser(t);
      const support = await signedInUser(t, 's');
      const url = `/account/${owner.uid}/audit`;
      expect((await t.call({ method: 'GET', url, token: stranger.token })).status).toBe(404);
      expect((await t.call({ method: 'GET', url, token: support.token })).status).toBe(403);
      expect((await t.call({ method: 'GET', url })).status).toBe(401);
      const own = await t.call({
        method: 'GET',
        url: `/account/${stranger.uid}/audit`,
        token: stranger.token,
      });
      expect(own.json).toEqual({ entries: [], next: null });
    });

    // Last: it spends this address's allowance.
    it('limits checks per address: the 61st in a minute is refused with Retry-After', async () => {
      const t = ctx();
      t.clock.advance(60_000);
      for (let i = 0; i < 60; i++) expect((await verifyBody({ sha256: UNKNOWN })).status).toBe(200);
      const refused = await verifyBody({ sha256: UNKNOWN });
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toBe('60');
      expect((await t.call({ method: 'GET', url: `/exports/${exportId}/manifest` })).status).toBe(429);
      t.clock.advance(60_000);
      expect((await verifyBody({ sha256: UNKNOWN })).status).toBe(200);
    });
  },
  { PUBLIC_URL: 'https://vigil.example' },
);

describe('createHashTap', () => {
  it('hashes and counts exactly the bytes that pass through', async () => {
    const tap = createHashTap();
    const out: Buffer[] = [];
    await pipeline(Readable.from([Buffer.from('a'), Buffer.from('bc')]), tap.stream, async (src) => {
      for await (const c of src) out.push(c as Buffer);
    });
    expect(Buffer.concat(out).toString()).toBe('abc');
    expect(tap.result()).toEqual({ sha256: SHA_ABC, bytes: 3 });
  });
});
