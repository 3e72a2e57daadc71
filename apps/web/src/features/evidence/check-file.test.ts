import { describe, expect, it } from 'vitest';
import { manifestBodyOf } from './check-file.ts';

const saved = {
  manifest: { exportId: 'e1', bytes: 3 },
  signature: 'c2ln',
  alg: 'Ed25519',
  keyId: '0123456789abcdef',
};

describe('manifestBodyOf', () => {
  it('reads a saved manifest file as the verify body (manifest, signature, key id)', async () => {
    const file = new File([JSON.stringify(saved, null, 2)], 'clip.manifest.json', {
      type: 'application/json',
    });
    expect(await manifestBodyOf(file)).toEqual({
      manifest: { exportId: 'e1', bytes: 3 },
      signature: 'c2ln',
      keyId: '0123456789abcdef',
    });
  });

  it('leaves anything else to be checked as a clip: other names, other JSON, broken JSON', async () => {
    expect(await manifestBodyOf(new File([JSON.stringify(saved)], 'clip.mp4'))).toBeUndefined();
    expect(await manifestBodyOf(new File(['{"a":1}'], 'other.json'))).toBeUndefined();
    expect(await manifestBodyOf(new File(['{"manifest":'], 'broken.json'))).toBeUndefined();
    expect(await manifestBodyOf(new File(['[1]'], 'list.JSON'))).toBeUndefined();
  });
});
