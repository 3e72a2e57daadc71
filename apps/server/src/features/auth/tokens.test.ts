import { describe, expect, it } from 'vitest';
import { TokenSigner } from './tokens.ts';

const caller = { uid: 'u1', accountType: 'u' as const, seriesId: 's1', demo: false };

describe('TokenSigner', () => {
  it('verifies its own auth tokens', async () => {
    const s = new TokenSigner('x'.repeat(40), 60);
    expect(await s.verify(await s.signAuth(caller))).toEqual(caller);
  });

  it('keeps token kinds apart: a management token is not an auth token, and the reverse', async () => {
    const s = new TokenSigner('x'.repeat(40), 60);
    const mgmt = await s.signManagement(caller, 'user', []);
    expect(await s.verify(mgmt, 'auth')).toBe('invalid');
    expect(await s.verify(await s.signAuth(caller), 'mgmt')).toBe('invalid');
    expect(await s.verify(mgmt, 'mgmt')).toMatchObject({ uid: 'u1' });
  });

  it('refuses tokens signed with another secret, tampered or unsigned', async () => {
    const a = new TokenSigner('a'.repeat(40), 60);
    const b = new TokenSigner('b'.repeat(40), 60);
    const token = await a.signAuth(caller);
    expect(await b.verify(token)).toBe('invalid');
    const [h, p] = token.split('.');
    const tampered = `${h}.${Buffer.from(JSON.stringify({ typ: 'auth', sub: 'admin', sid: 's1', at: 's' })).toString('base64url')}.${token.split('.')[2]}`;
    expect(await a.verify(tampered)).toBe('invalid');
    expect(await a.verify(`eyJhbGciOiJub25lIn0.${p}.`)).toBe('invalid');
  });
});
