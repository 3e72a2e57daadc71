import { describe, expect, it } from 'vitest';
import { deviceParts } from './device-label.ts';

describe('device label', () => {
  it('names browser and system from common user agents', () => {
    expect(
      deviceParts(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36',
      ),
    ).toEqual({ browser: 'Chrome', os: 'Linux' });
    expect(
      deviceParts(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36 Edg/120.0',
      ),
    ).toEqual({ browser: 'Edge', os: 'Windows' });
    expect(
      deviceParts(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      ),
    ).toEqual({ browser: 'Safari', os: 'iOS' });
    expect(deviceParts('Mozilla/5.0 (Linux; Android 14) Gecko/124.0 Firefox/124.0')).toEqual({
      browser: 'Firefox',
      os: 'Android',
    });
  });

  it('knows nothing without a user agent, and names what it can', () => {
    expect(deviceParts(null)).toEqual({ browser: undefined, os: undefined });
    expect(deviceParts('curl/8.0')).toEqual({ browser: undefined, os: undefined });
  });
});
