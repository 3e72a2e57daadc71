import type { WebErrorReport } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { createErrorReporter } from './error-reporter.ts';

describe('createErrorReporter', () => {
  it('sends redacted reports under the account, throttled, ignoring benign errors', () => {
    let t = 0;
    const sent: [string, WebErrorReport][] = [];
    const report = createErrorReporter({
      now: () => t,
      send: async (uid, r) => {
        sent.push([uid, r]);
      },
      who: () => ({ uid: 'u1', email: 'a@b.co' }),
      href: () => 'https://x/cameras?token=abc',
      version: '2.44.15',
    });
    expect(report(new Error('boom'), 'page crash')).toBe(true);
    expect(report(new Error('other'))).toBe(false);
    t = 10_000;
    expect(report(new TypeError('Failed to fetch'))).toBe(false);
    expect(report(new Error('boom'))).toBe(false);
    expect(report('plain string')).toBe(true);
    expect(sent.map(([uid]) => uid)).toEqual(['u1', 'u1']);
    expect(sent[0]?.[1]).toMatchObject({
      identifier: 'a@b.co',
      href: 'https://x/cameras?token=[redacted]',
      message: 'Error: boom',
      info: 'page crash v2.44.15',
    });
  });
});
