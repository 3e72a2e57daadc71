import { ACTIONS, LEVEL_ACTIONS, PERMISSION_LEVELS } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import type { AccountRole } from './account-access.ts';
import { CAMERA_ACTIONS, decide, READ_ACTIONS } from './camera-access.ts';

const caller = (uid: string, accountType: 'u' | 'i' | 'd' | 's', demo = false) => ({
  uid,
  accountType,
  seriesId: 's',
  demo,
});
const member = (level: (typeof PERMISSION_LEVELS)[number], cameras?: string[]): AccountRole => ({
  kind: 'member',
  memberId: 'm',
  level,
  cameraScope: cameras ? 'selected' : 'all',
  cameras: new Set(cameras ?? []),
});

describe('decide (camera access)', () => {
  it('the owner may do everything', () => {
    for (const a of CAMERA_ACTIONS) expect(decide({ kind: 'owner' }, caller('o', 'u'), a)).toBe('allow');
  });
  it("support sees cameras and changes nothing; live and recorded video need the owner's consent", () => {
    const without = CAMERA_ACTIONS.map((a) =>
      decide({ kind: 'support', consent: false }, caller('s', 's'), a),
    );
    const withConsent = CAMERA_ACTIONS.map((a) =>
      decide({ kind: 'support', consent: true }, caller('s', 's'), a),
    );
    expect(CAMERA_ACTIONS).toEqual([
      'view',
      'viewLive',
      'viewRecorded',
      'events',
      'delete',
      'cameraSettings',
      'notificationSettings',
      'rename',
      'ptz',
      'install',
    ]);
    expect(without).toEqual(['allow', 'consent', 'consent', ...Array(7).fill('forbidden')]);
    expect(withConsent).toEqual(['allow', 'allow', 'allow', ...Array(7).fill('forbidden')]);
  });
  it('nobody without a role on the account sees the camera', () => {
    for (const a of CAMERA_ACTIONS) expect(decide(undefined, caller('x', 'i'), a)).toBe('hidden');
  });
  it('a demo session may only read its cameras', () => {
    for (const a of CAMERA_ACTIONS)
      expect(decide({ kind: 'owner' }, caller('o', 'u', true), a)).toBe(
        READ_ACTIONS.has(a) ? 'allow' : 'demo',
      );
  });
  it('additional users follow the permission matrix; level none sees no camera', () => {
    expect(ACTIONS.length).toBeGreaterThan(0);
    for (const level of PERMISSION_LEVELS) {
      const d = decide(member(level), caller('m', 'u'), 'viewLive');
      expect(d).toBe(
        level === 'none' ? 'hidden' : LEVEL_ACTIONS[level].has('viewLive') ? 'allow' : 'forbidden',
      );
    }
    expect(decide(member('viewonly'), caller('m', 'u'), 'delete')).toBe('forbidden');
    expect(decide(member('admin'), caller('m', 'u'), 'delete')).toBe('allow');
    expect(decide(member('liveonly'), caller('m', 'u'), 'viewRecorded')).toBe('forbidden');
  });
  it('per-camera access hides the other cameras of the account', () => {
    const m = member('admin', ['o.cam1']);
    expect(decide(m, caller('m', 'u'), 'viewLive', 'o.cam1')).toBe('allow');
    expect(decide(m, caller('m', 'u'), 'viewLive', 'o.cam2')).toBe('hidden');
  });
});
