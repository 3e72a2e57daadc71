import { describe, expect, it } from 'vitest';
import { hlsDelivery } from './hls-player.ts';
import { liveHlsUrl, liveSocketUrl } from './live-url.ts';

describe('live addresses', () => {
  it('opens the WebSocket on this origin, or on the live host, with the token in the query', () => {
    expect(liveSocketUrl('/live/u.c/main', 'T', 'https://app.example')).toBe(
      'wss://app.example/live/u.c/main?token=T',
    );
    expect(liveSocketUrl('ws://live.example/live/u.c/sd', 'T', 'https://app.example')).toBe(
      'ws://live.example/live/u.c/sd?token=T',
    );
  });

  it('asks for the H.264 conversion of an H.265 camera in the query', () => {
    expect(liveSocketUrl('/live/u.c/main', 'T', 'https://app.example', 'h264')).toBe(
      'wss://app.example/live/u.c/main?token=T&video=h264',
    );
  });

  it('puts the HLS playlist next to the WebSocket address, over HTTP', () => {
    expect(liveHlsUrl('/live/u.c/main', 'T', 'll', 'https://app.example')).toBe(
      'https://app.example/live/u.c/main/index.m3u8?token=T',
    );
    expect(liveHlsUrl('wss://live.example/live/u.c/sd', 'T', 'progressive', 'https://app.example')).toBe(
      'https://live.example/live/u.c/sd/index.m3u8?progressive=1&token=T',
    );
  });

  it('gives Chromium the progressive playlist and everyone else low-latency HLS', () => {
    const chromium = { userAgentData: { brands: [{ brand: 'Chromium' }, { brand: 'Not.A/Brand' }] } };
    expect(hlsDelivery(chromium as unknown as Navigator)).toBe('progressive');
    expect(hlsDelivery({} as Navigator)).toBe('ll');
  });
});
