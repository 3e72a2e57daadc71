import { networkInterfaces } from 'node:os';
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
    expect(classifyIp('192.0.2.7')).toBe('documentation');
    expect(classifyIp('198.51.100.7')).toBe('documentation');
    expect(classifyIp('203.0.113.5')).toBe('documentation');
    expect(classifyIp('2001:db8::1')).toBe('documentation');
    expect(classifyIp('203.0.114.1')).toBe('public');
    expect(classifyIp('2001:db9::1')).toBe('public');
  });
});

describe('checkCameraHost', () => {
  it('checks every address a name resolves to', async () => {
    const resolve = async () => ['93.184.215.14', '10.0.0.1'];
    expect(await checkCameraHost('cam', { allowPrivate: false, resolve })).toMatchObject({
      ok: false,
      reason: 'not_allowed',
    });
    expect(await checkCameraHost('cam', { allowPrivate: true, resolve })).toEqual({
      ok: true,
      addresses: ['93.184.215.14', '10.0.0.1'],
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
  it("refuses the server's own addresses and the documentation ranges when private ones are refused (0016)", async () => {
    const ownAddresses = () => ['93.184.215.14', 'fe80::1', '2a00:1450:4007::5'];
    const cases: Array<[string, string]> = [
      ['93.184.215.14', 'this server’s own addresses are not allowed for cameras'],
      ['::ffff:93.184.215.14', 'this server’s own addresses are not allowed for cameras'],
      ['2A00:1450:4007::5', 'this server’s own addresses are not allowed for cameras'],
      ['192.0.2.1', 'documentation (example) addresses are not allowed for cameras on this server'],
      ['198.51.100.20', 'documentation (example) addresses are not allowed for cameras on this server'],
      ['203.0.113.9', 'documentation (example) addresses are not allowed for cameras on this server'],
      ['2001:db8::9', 'documentation (example) addresses are not allowed for cameras on this server'],
    ];
    for (const [host, message] of cases) {
      expect(await checkCameraHost(host, { allowPrivate: false, ownAddresses }), host).toEqual({
        ok: false,
        reason: 'not_allowed',
        message,
      });
      // A self-hosted server (private addresses allowed) may record a camera on any of them.
      expect((await checkCameraHost(host, { allowPrivate: true, ownAddresses })).ok, host).toBe(true);
    }
    expect(await checkCameraHost('93.184.215.15', { allowPrivate: false, ownAddresses })).toEqual({
      ok: true,
      addresses: ['93.184.215.15'],
    });
  });
  it("reads the server's own addresses from its network interfaces", async () => {
    const mine = Object.values(networkInterfaces())
      .flat()
      .filter((i) => i && !i.internal)
      .map((i) => i!.address);
    for (const a of mine.filter((x) => !x.includes('%'))) {
      expect(await checkCameraHost(a, { allowPrivate: false }), a).toMatchObject({
        ok: false,
        reason: 'not_allowed',
      });
    }
  });
});
