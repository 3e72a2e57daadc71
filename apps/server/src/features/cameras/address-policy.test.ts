import { describe, expect, it } from 'vitest';
import { checkCameraHost, classifyIp } from './address-policy.ts';

describe('classifyIp', () => {
  it('classes loopback, private, link-local and never-camera addresses', () => {
    expect(classifyIp('127.0.0.1')).toBe('loopback');
    expect(classifyIp('::1')).toBe('loopback');
    expect(classifyIp('::ffff:127.0.0.2')).toBe('loopback');
    expect(classifyIp('10.1.2.3')).toBe('private');
    expect(classifyIp('172.31.255.255')).toBe('private');
    expect(classifyIp('172.32.0.1')).toBe('public');
    expect(classifyIp('192.168.1.1')).toBe('private');
    expect(classifyIp('100.64.0.1')).toBe('private');
    expect(classifyIp('fd00::5')).toBe('private');
    expect(classifyIp('169.254.169.254')).toBe('link-local');
    expect(classifyIp('fe80::1')).toBe('link-local');
    expect(classifyIp('0.0.0.0')).toBe('never');
    expect(classifyIp('239.1.1.1')).toBe('never');
    expect(classifyIp('255.255.255.255')).toBe('never');
    expect(classifyIp('::')).toBe('never');
    expect(classifyIp('203.0.113.5')).toBe('public');
    expect(classifyIp('2001:db8::1')).toBe('public');
  });
});

describe('checkCameraHost', () => {
  it('checks every address a name resolves to', async () => {
    const resolve = async () => ['203.0.113.5', '10.0.0.1'];
    expect(await checkCameraHost('cam', { allowPrivate: false, resolve })).toMatchObject({
      ok: false,
      reason: 'not_allowed',
    });
    expect(await checkCameraHost('cam', { allowPrivate: true, resolve })).toEqual({
      ok: true,
      addresses: ['203.0.113.5', '10.0.0.1'],
    });
  });
  it('resolves names as getaddrinfo does (localhost, numeric forms)', async () => {
    for (const host of ['localhost', '2130706433', '0x7f.1', '127.1']) {
      expect(await checkCameraHost(host, { allowPrivate: false }), host).toMatchObject({
        ok: false,
        reason: 'not_allowed',
      });
    }
  });
  it('refuses unspecified and multicast addresses even when private ones are allowed', async () => {
    expect(await checkCameraHost('0.0.0.0', { allowPrivate: true })).toMatchObject({
      ok: false,
      reason: 'not_allowed',
    });
    expect(await checkCameraHost('224.0.0.1', { allowPrivate: true })).toMatchObject({
      ok: false,
      reason: 'not_allowed',
    });
  });
  it('reports names that do not resolve', async () => {
    expect(await checkCameraHost('nothing.invalid', { allowPrivate: true })).toMatchObject({
      ok: false,
      reason: 'unresolved',
    });
  });
});
