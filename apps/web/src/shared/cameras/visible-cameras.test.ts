import { describe, expect, it } from 'vitest';
import { accountsOf, can } from './visible-cameras.ts';

describe('visible cameras', () => {
  it('asks for the own account, then each organisation’s owner, once', () => {
    expect(accountsOf('me', [{ ownerUid: 'me' }, { ownerUid: 'boss' }, { ownerUid: 'shop' }])).toEqual([
      'me',
      'boss',
      'shop',
    ]);
    expect(accountsOf('me', [])).toEqual(['me']);
  });

  it('asks a partner for the free partner demo’s account too, once', () => {
    expect(accountsOf('inst', [{ ownerUid: 'inst' }], ['demo.cam1', 'demo.cam2'])).toEqual(['inst', 'demo']);
  });

  it('allows exactly the actions the server listed on the camera', () => {
    const liveOnly = {
      permission: { role: 'liveonly' as const, actions: ['view' as const, 'viewLive' as const] },
    };
    expect(can(liveOnly, 'viewLive')).toBe(true);
    expect(can(liveOnly, 'viewRecorded')).toBe(false);
    expect(can(liveOnly, 'install')).toBe(false);
  });
});
