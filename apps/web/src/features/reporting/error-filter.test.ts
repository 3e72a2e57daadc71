import { describe, expect, it } from 'vitest';
import { ErrorThrottle, isBenignError, redactTokens } from './error-filter.ts';

describe('ErrorThrottle (spec 000 §8)', () => {
  it('sends at most one report per 10 s', () => {
    let t = 0;
    const th = new ErrorThrottle(() => t);
    expect(th.allow('a')).toBe(true);
    t = 9_999;
    expect(th.allow('b')).toBe(false);
    t = 10_000;
    expect(th.allow('b')).toBe(true);
  });
  it('suppresses the same message for 30 s', () => {
    let t = 0;
    const th = new ErrorThrottle(() => t);
    expect(th.allow('same')).toBe(true);
    t = 15_000;
    expect(th.allow('same')).toBe(false);
    t = 29_999;
    expect(th.allow('same')).toBe(false);
    t = 30_000;
    expect(th.allow('same')).toBe(true);
  });
  it('does not count suppressed messages as sent', () => {
    let t = 0;
    const th = new ErrorThrottle(() => t);
    th.allow('a');
    t = 12_000;
    expect(th.allow('a')).toBe(false);
    expect(th.allow('b')).toBe(true);
  });
});

describe('redactTokens', () => {
  it('redacts token query parameters, JWTs, stream and share tokens', () => {
    expect(redactTokens('https://x/y?token=abc&keep=1')).toBe('https://x/y?token=[redacted]&keep=1');
    expect(redactTokens('/reset-password?uid=u1&v=secret')).toBe('/reset-password?uid=u1&v=[redacted]');
    expect(redactTokens('Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1MSJ9abc.c2lnbmF0dXJlc2lnbmF0dXJl')).toBe(
      'Bearer [redacted]',
    );
    expect(redactTokens('https://v/stream/mp4/u1/c1/100/200/tok123?inputStream=true')).toBe(
      'https://v/stream/mp4/u1/c1/100/200/[redacted]?inputStream=true',
    );
    expect(redactTokens('https://x/shared/abcdef')).toBe('https://x/shared/[redacted]');
    expect(redactTokens('TypeError: x is undefined')).toBe('TypeError: x is undefined');
  });
});

describe('isBenignError', () => {
  it.each([
    'TypeError: Failed to fetch',
    'NetworkError when attempting to fetch resource.',
    'TypeError: Failed to fetch dynamically imported module: https://x/assets/a.js',
    'Error: GET /getstill/u1/c1 answered 404',
    'Error: 500 on /download/clip.mp4',
    'EventSource failed',
    'Error: Request timed out',
    'AbortError: The operation was aborted.',
  ])('ignores %j', (m) => expect(isBenignError(m)).toBe(true));
  it.each(['TypeError: x is undefined', 'Error: 404 on /api/cameras'])('reports %j', (m) =>
    expect(isBenignError(m)).toBe(false),
  );
});
