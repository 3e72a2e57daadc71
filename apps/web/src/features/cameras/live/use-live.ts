import {
  LIVE_KEEPALIVE_MS,
  LIVE_PLAYLIST_GRANT_TTL_SEC,
  type LiveStream,
  MEDIA_GRANT_TTL_SEC,
} from '@vigil/contracts';
import { type RefObject, useEffect } from 'react';
import { getMediaGrant } from '../../../shared/api/media-grant.ts';
import { sendCameraTask } from '../api/send-task.ts';
import { hlsDelivery, NativeHlsLivePlayer, nativeHlsSupported } from './hls-player.ts';
import { liveKey, liveStore } from './live-store.ts';
import { liveHlsUrl, liveSocketUrl } from './live-url.ts';
import { type LivePlayerEvents, liveVideoFor, MseLivePlayer, mediaSourceCtor } from './mse-player.ts';

/**
 * Plays a camera live in `video` while `enabled`: sends livecommand (sdlivecommand for the SD stream), opens
 * the live WebSocket at the address it answers (or, without Media Source Extensions, the live HLS playlist next
 * to it), and repeats the command every LIVE_KEEPALIVE_MS as a keep-alive.
 * The phase goes to the live store (badges, benchmarks). Marks `vigil:livecommand` and `vigil:firstframe`
 * performance entries for the time to first frame.
 */
export function useLiveVideo(
  video: RefObject<HTMLVideoElement | null>,
  uidd: string,
  stream: LiveStream,
  enabled: boolean,
): void {
  useEffect(() => {
    const el = video.current;
    if (!enabled || !el) return;
    const key = liveKey(uidd, stream);
    const action = stream === 'sd' ? 'sdlivecommand' : 'livecommand';
    let player: MseLivePlayer | NativeHlsLivePlayer | undefined;
    let cancelled = false;
    const commandAt = performance.timeOrigin + performance.now();
    performance.mark(`vigil:livecommand:${uidd}`);
    liveStore.set(key, { phase: 'connecting', commandAt, firstFrameAt: undefined });
    const command = () => sendCameraTask(uidd, action);
    // MSE over the WebSocket where the browser has it; else its own HLS player (decision 0460).
    const native = !mediaSourceCtor() && nativeHlsSupported(el);
    // Never the auth token in an address (decision 0014): the WebSocket's carries a short live grant, kept fresh
    // for reconnections; a native HLS player reloads one playlist address for as long as it plays, so it carries
    // a live-playlist grant, which the server checks against the session and access at every reload.
    let grant: string | undefined;
    const renewGrant = () =>
      getMediaGrant(uidd, native ? 'live-playlist' : 'live').then((g) => {
        grant = g.grant;
      });
    Promise.all([command(), renewGrant()])
      .then(([reply]) => {
        if (cancelled) return;
        const url = typeof reply.data.url === 'string' ? reply.data.url : `/live/${uidd}/${stream}`;
        const events: LivePlayerEvents = {
          onPhase: (phase) => liveStore.set(key, { phase }),
          onVideo: (v) => liveStore.set(key, { converted: v === 'converted' }),
          onFirstFrame: (at) => {
            performance.mark(`vigil:firstframe:${uidd}`);
            liveStore.set(key, { firstFrameAt: at });
          },
        };
        if (native) {
          const delivery = hlsDelivery();
          player = new NativeHlsLivePlayer(el, () => liveHlsUrl(url, grant, delivery), events);
        } else {
          // An H.265 camera this browser cannot play starts on its H.264 conversion (decision 0461).
          const mime = typeof reply.data.mimeType === 'string' ? reply.data.mimeType : null;
          player = new MseLivePlayer(
            el,
            (v) => liveSocketUrl(url, grant, location.origin, v),
            events,
            liveVideoFor(mime),
          );
        }
        player.start();
      })
      .catch(() => {
        if (!cancelled) liveStore.set(key, { phase: 'stalled' });
      });
    const keepAlive = setInterval(() => void command().catch(() => {}), LIVE_KEEPALIVE_MS);
    const grantRenewal = setInterval(
      () => void renewGrant().catch(() => {}),
      ((native ? LIVE_PLAYLIST_GRANT_TTL_SEC : MEDIA_GRANT_TTL_SEC) * 1000) / 2,
    );
    return () => {
      cancelled = true;
      clearInterval(keepAlive);
      clearInterval(grantRenewal);
      player?.stop();
      liveStore.clear(key);
    };
  }, [video, uidd, stream, enabled]);
}
