import { describe, expect, it } from 'vitest';
import { redactingLog } from '../log.ts';
import { redact, redactUrl, secretsOf } from './redact.ts';

describe('redaction', () => {
  it('masks the password of any URL in a line', () => {
    expect(redactUrl('[rtsp @ 0x1] rtsp://admin:s3cret@10.0.0.5:554/main: 401 Unauthorized')).toBe(
      '[rtsp @ 0x1] rtsp://admin:***@10.0.0.5:554/main: 401 Unauthorized',
    );
    expect(redactUrl('a rtsps://u:p@h/x and rtsp://v:q@k/y')).toBe(
      'a rtsps://u:***@h/x and rtsp://v:***@k/y',
    );
    expect(redactUrl('rtsp://10.0.0.5/main')).toBe('rtsp://10.0.0.5/main');
  });

  it('masks a known password wherever it appears, raw and decoded', () => {
    const secrets = secretsOf('rtsp://admin:p%40ss%3Aword@cam/x');
    expect(secrets).toEqual(['p%40ss%3Aword', 'p@ss:word']);
    expect(redact('auth failed for admin with p@ss:word', secrets)).toBe('auth failed for admin with ***');
    expect(secretsOf('rtsp://cam/x')).toEqual([]);
  });

  it('leaves no password in anything a redacting logger writes', () => {
    const lines: string[] = [];
    const sink = (obj: object, msg: string): void => {
      lines.push(JSON.stringify({ obj, msg }));
    };
    const log = redactingLog({ debug: sink, info: sink, warn: sink, error: sink }, () => ['hunter2']);
    log.warn(
      { url: 'rtsp://a:hunter2@h/x', nested: { stderr: ['said hunter2'] } },
      'failed rtsp://b:other@h/y',
    );
    expect(lines.join('\n')).not.toMatch(/hunter2|other/);
    expect(lines[0]).toContain('rtsp://a:***@h/x');
  });
});
