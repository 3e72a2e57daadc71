import { describe, expect, it } from 'vitest';
import {
  CAMERA_URL_PROBLEMS,
  cameraUrlFromParts,
  formatCameraUrl,
  parseCameraUrl,
  redactUrlCredentials,
} from './camera-url.ts';

const problemOf = (input: string) => {
  const r = parseCameraUrl(input);
  return r.ok ? undefined : r.problem;
};

describe('parseCameraUrl', () => {
  it('accepts rtsp and rtsps addresses, splitting out the credentials', () => {
    const r = parseCameraUrl(
      'rtsp://admin:p%40ss%3Aw0rd@Cam.Example.com:8554/Streaming/Channels/101?transport=tcp',
    );
    expect(r).toEqual({
      ok: true,
      value: {
        scheme: 'rtsp',
        host: 'cam.example.com',
        port: 8554,
        path: '/Streaming/Channels/101?transport=tcp',
        username: 'admin',
        password: 'p@ss:w0rd',
      },
    });
    expect(parseCameraUrl('RTSPS://10.0.0.5/live')).toMatchObject({
      ok: true,
      value: { scheme: 'rtsps', host: '10.0.0.5', port: 322, path: '/live', username: undefined },
    });
    expect(parseCameraUrl('rtsp://[fd00::1]:554')).toMatchObject({
      ok: true,
      value: { host: 'fd00::1', path: '/' },
    });
  });

  it('refuses local files, concat:, other protocols and option-like strings with their own message', () => {
    expect(problemOf('file:///etc/passwd')).toBe(CAMERA_URL_PROBLEMS.file);
    expect(problemOf('FILE:/etc/passwd')).toBe(CAMERA_URL_PROBLEMS.file);
    expect(problemOf('concat:/a.mp4|/b.mp4')).toBe(CAMERA_URL_PROBLEMS.concat);
    expect(problemOf('http://cam/stream')).toBe(CAMERA_URL_PROBLEMS.otherScheme('http'));
    expect(problemOf('rtmp://cam/live')).toContain('rtmp: protocol is not allowed');
    expect(problemOf('subfile,,start,0,end,0,,:/etc/passwd')).toBe(CAMERA_URL_PROBLEMS.noScheme);
    expect(problemOf('/dev/video0')).toBe(CAMERA_URL_PROBLEMS.noScheme);
    expect(problemOf('-i')).toBe(CAMERA_URL_PROBLEMS.optionLike);
    expect(problemOf('-f lavfi -i testsrc')).toBe(CAMERA_URL_PROBLEMS.optionLike);
    expect(problemOf('rtsp:/cam/live')).toBe(CAMERA_URL_PROBLEMS.noScheme);
  });

  it('refuses whitespace and control characters anywhere', () => {
    for (const s of [
      'rtsp://cam/live stream',
      'rtsp://cam/live\n-f',
      'rtsp://cam/\u0000',
      ' rtsp://cam/',
      'rtsp://cam/\t',
    ]) {
      expect(problemOf(s)).toBe(CAMERA_URL_PROBLEMS.whitespace);
    }
  });

  it('refuses bad hosts and ports', () => {
    expect(problemOf('rtsp:///live')).toBe(CAMERA_URL_PROBLEMS.host);
    expect(problemOf('rtsp://ca_m/live')).toBe(CAMERA_URL_PROBLEMS.host);
    expect(problemOf('rtsp://cam%20x/live')).toBe(CAMERA_URL_PROBLEMS.host);
    expect(problemOf('rtsp://cam:99999/live')).toBe(CAMERA_URL_PROBLEMS.port);
    expect(problemOf('rtsp://cam:0/live')).toBe(CAMERA_URL_PROBLEMS.port);
    expect(problemOf('')).toBe(CAMERA_URL_PROBLEMS.required);
    expect(problemOf(`rtsp://cam/${'a'.repeat(3000)}`)).toBe(CAMERA_URL_PROBLEMS.tooLong);
  });
});

describe('cameraUrlFromParts', () => {
  it('builds the address from the add-by-IP form with the same rules', () => {
    expect(
      cameraUrlFromParts({ ip: '192.168.1.20', port: 554, path: 'h264', username: 'u', password: 'p w' }),
    ).toEqual({
      ok: true,
      value: {
        scheme: 'rtsp',
        host: '192.168.1.20',
        port: 554,
        path: '/h264',
        username: 'u',
        password: 'p w',
      },
    });
    expect(cameraUrlFromParts({ ip: '-f' })).toEqual({ ok: false, problem: CAMERA_URL_PROBLEMS.optionLike });
    expect(cameraUrlFromParts({ ip: 'cam', path: '/a b' })).toEqual({
      ok: false,
      problem: CAMERA_URL_PROBLEMS.whitespace,
    });
    expect(cameraUrlFromParts({ ip: 'cam/../x' })).toEqual({ ok: false, problem: CAMERA_URL_PROBLEMS.host });
  });
});

describe('formatCameraUrl', () => {
  const u = {
    scheme: 'rtsp' as const,
    host: 'fd00::1',
    port: 554,
    path: '/a',
    username: 'ad:min',
    password: 'p@ss',
  };
  it('leaves credentials out unless asked, and encodes them when asked', () => {
    expect(formatCameraUrl(u)).toBe('rtsp://[fd00::1]:554/a');
    const withCreds = formatCameraUrl(u, { withCredentials: true });
    expect(withCreds).toBe('rtsp://ad%3Amin:p%40ss@[fd00::1]:554/a');
    expect(parseCameraUrl(withCreds)).toEqual({ ok: true, value: u });
  });
});

describe('redactUrlCredentials', () => {
  it('hides user:password@ in any URL of a text', () => {
    const line = '[tcp] rtsp://admin:s3cret@10.0.0.1:554/live: Connection refused; rtsps://u@h/x';
    const red = redactUrlCredentials(line);
    expect(red).toBe('[tcp] rtsp://***@10.0.0.1:554/live: Connection refused; rtsps://***@h/x');
    expect(redactUrlCredentials('rtsp://10.0.0.1/live')).toBe('rtsp://10.0.0.1/live');
  });
});
