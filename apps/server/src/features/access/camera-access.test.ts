import { describe, expect, it } from 'vitest';
import { CAMERA_ACTIONS, decideOnAccount, READ_ACTIONS } from './camera-access.ts';

const caller = (uid: string, accountType: 'u' | 'i' | 'd' | 's', demo = false) => ({
  uid,
  accountType,
  seriesId: 's',
  demo,
});

describe('decideOnAccount', () => {
  it('the owner may do everything', () => {
    for (const a of CAMERA_ACTIONS) expect(decideOnAccount(caller('o', 'u'), 'o', a)).toBe('allow');
  });
  it('support may read, not change', () => {
    for (const a of CAMERA_ACTIONS)
      expect(decideOnAccount(caller('s', 's'), 'o', a)).toBe(READ_ACTIONS.has(a) ? 'allow' : 'forbidden');
  });
  it('nobody else may even see the camera, installers and distributors included (until the partner issue)', () => {
    for (const t of ['u', 'i', 'd'] as const)
      for (const a of CAMERA_ACTIONS) expect(decideOnAccount(caller('x', t), 'o', a)).toBe('hidden');
  });
  it('a demo session may only read its cameras', () => {
    for (const a of CAMERA_ACTIONS)
      expect(decideOnAccount(caller('o', 'u', true), 'o', a)).toBe(READ_ACTIONS.has(a) ? 'allow' : 'demo');
  });
});
