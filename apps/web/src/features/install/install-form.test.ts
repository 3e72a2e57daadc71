import { describe, expect, it } from 'vitest';
import { addressProblem, EMPTY_FORM, installBody } from './install-form.ts';

describe('add-camera form', () => {
  const url = (u: string) => addressProblem({ ...EMPTY_FORM, url: u }, true);
  it('refuses files, concat:, other protocols and option-like strings with the server’s words', () => {
    expect(url('file:///etc/passwd')).toMatch(/local files are not allowed/);
    expect(url('concat:/a|/b')).toMatch(/concat: protocol is not allowed/);
    expect(url('http://cam/video')).toMatch(/http: protocol is not allowed/);
    expect(url('-i /etc/passwd')).toMatch(/not an option/);
    expect(url('rtsp://cam.local:554/stream')).toBeUndefined();
  });
  it('says nothing about empty fields until submitted', () => {
    expect(addressProblem(EMPTY_FORM, false)).toBeUndefined();
    expect(addressProblem(EMPTY_FORM, true)).toBe('is required');
  });
  it('checks the IP form and builds its body', () => {
    const f = { ...EMPTY_FORM, mode: 'ip' as const, ip: '192.168.1.20', port: '70000' };
    expect(addressProblem(f, true)).toMatch(/port/);
    const ok = { ...f, port: '8554', path: '/main', username: 'admin', password: 'pw' };
    expect(addressProblem(ok, true)).toBeUndefined();
    expect(installBody(ok)).toMatchObject({
      ip: '192.168.1.20',
      port: 8554,
      path: '/main',
      username: 'admin',
    });
  });
  it('sends PTZ only when the box is ticked, and the ONVIF port when one is typed', () => {
    const f = { ...EMPTY_FORM, url: 'rtsp://cam/main' };
    expect(installBody(f)).toEqual({ url: 'rtsp://cam/main' });
    expect(installBody({ ...f, ptz: true, onvifPort: ' 8080 ' })).toEqual({
      url: 'rtsp://cam/main',
      ptzEnabled: true,
      onvifPort: 8080,
    });
  });
});
