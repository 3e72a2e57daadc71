import type { CameraStatus } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { badgeOf, canPlay, offlineReason, storageFull } from './status-badge.ts';

const status = (s: Partial<CameraStatus>): CameraStatus =>
  ({ uidd: 'a.b', status: 'online', problem: null, ...s }) as CameraStatus;

describe('status badge', () => {
  it('maps the server’s statuses and reasons', () => {
    expect(badgeOf(undefined)).toBe('loading');
    expect(badgeOf(status({ status: 'uninstalled' }), 'playing')).toBe('uninstalled');
    expect(badgeOf(status({}))).toBe('online');
    expect(badgeOf(status({ status: 'offline' }))).toBe('offline');
    expect(badgeOf(status({ status: 'offline', problem: 'starting' }))).toBe('loading');
    expect(badgeOf(status({ status: 'offline', problem: 'standby' }))).toBe('standby');
    expect(badgeOf(status({ status: 'offline', problem: 'no video' }))).toBe('noVideo');
    expect(badgeOf(status({ status: 'offline', problem: 'video unsupported' }))).toBe('videoUnsupported');
  });
  it('lets the player refine it: loading, no video, unsupported, and frames mean online', () => {
    expect(badgeOf(status({}), 'connecting')).toBe('loading');
    expect(badgeOf(status({}), 'stalled')).toBe('noVideo');
    expect(badgeOf(status({}), 'unsupported')).toBe('videoUnsupported');
    expect(badgeOf(status({ status: 'offline', problem: 'starting' }), 'playing')).toBe('online');
  });
  it('plays only what can play', () => {
    expect(['online', 'loading', 'standby', 'noVideo'].every((b) => canPlay(b as never))).toBe(true);
    expect(['offline', 'uninstalled', 'videoUnsupported'].some((b) => canPlay(b as never))).toBe(false);
  });
});

describe('why an offline camera is offline', () => {
  it('names the reasons the recorder knows, only while offline', () => {
    expect(offlineReason(status({ status: 'offline', problem: 'unreachable' }))).toBe('unreachable');
    expect(offlineReason(status({ status: 'offline', problem: 'unauthorised' }))).toBe('unauthorised');
    expect(offlineReason(status({ status: 'offline', problem: 'no video' }))).toBeUndefined();
    expect(offlineReason(status({ status: 'online', problem: 'unreachable' }))).toBeUndefined();
    expect(offlineReason(undefined)).toBeUndefined();
  });

  it('says a full recordings disk whether the camera is online or not (decision 0208)', () => {
    expect(storageFull(status({ problem: 'storage full' }))).toBe(true);
    expect(badgeOf(status({ problem: 'storage full' }))).toBe('online');
    expect(storageFull(status({ status: 'offline', problem: 'storage full' }))).toBe(true);
    expect(storageFull(status({ status: 'offline', problem: 'unreachable' }))).toBe(false);
    expect(storageFull(undefined)).toBe(false);
  });
});
