import {
  LIVE_KEEPALIVE_MS,
  LIVE_PLAYLIST_GRANT_TTL_SEC,
  type LiveStream,
  MEDIA_GRANT_TTL_SEC,
  type SendCameraTaskResult,
} from '@vigil/contracts';
import { type RefObject, useEffect } from 'react';
import { getMediaGrant } from '../../../shared/api/media-grant.ts';
import { sendCameraTask } from '../api/send-task.ts';
import { hlsDelivery, NativeHlsLivePlayer, nativeHlsSupported } from './hls-player.ts';
import { onLiveMoved } from './live-moves.ts';
import { liveKey, liveStore } from './live-store.ts';
import { liveHlsUrl, liveSocketUrl } from './live-url.ts';
import { type LivePlayerEvents, liveVideoFor, MseLivePlayer, mediaSourceCtor } from './mse-player.ts';

type Player = MseLivePlayer | NativeHlsLivePlayer;

/**
 * Plays a camera live in `video` while `enabled`: sends livecommand (sdlivecommand for the SD stream), opens
 * the live WebSocket at the address it answers (or, without Media Source Extensions, the live HLS playlist next
 * to it), and repeats the command every LIVE_KEEPALIVE_MS as a keep-alive.
 * In a fleet the address is a recorder's and changes when the camera moves to another recorder (decision 0616):
 * told so on the realtime stream (`liveMoved`), or when the stream drops, or by a keep-alive's answer, the player
 * asks livecommand again and reconnects at once to the new address, without a reload.
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
    let player: Player | undefined;
    let url: string | undefined;
    let cancelled = false;
    const commandAt = performance.timeOrigin + performance.now();
    performance.mark(`vigil:livecommand:${uidd}`);
    liveStore.set(key, { phase: 'connecting', commandAt, firstFrameAt: undefined });
    const command = () => sendCameraTask(uidd, action);
    const addressOf = (reply: SendCameraTaskResult) =>
      typeof reply.data.url === 'string' ? reply.data.url : `/live/${uidd}/${stream}`;
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
    // livecommand again (the keep-alive, a move, a drop): a new address is followed at once.
    let asking = false;
    const follow = () => {
      if (asking || cancelled) return;
      asking = true;
      command()
        .then((reply) => {
          const next = addressOf(reply);
          if (cancelled || !player || url === undefined || next === url) return;
          url = next;
          player.reconnect();
        })
        .catch(() => {})
        .finally(() => {
          asking = false;
        });
    };
    const events = liveEvents(key, uidd, follow);
    Promise.all([command(), renewGrant()])
      .then(([reply]) => {
        if (cancelled) return;
        url = addressOf(reply);
        const mime = typeof reply.data.mimeType === 'string' ? reply.data.mimeType : null;
        player = newPlayer(el, native, () => ({ url: url ?? '', grant }), events, mime);
        player.start();
      })
      .catch(() => {
        if (!cancelled) liveStore.set(key, { phase: 'stalled' });
      });
    const unfollow = onLiveMoved(uidd, follow);
    const keepAlive = setInterval(follow, LIVE_KEEPALIVE_MS);
    const grantRenewal = setInterval(
      () => void renewGrant().catch(() => {}),
      ((native ? LIVE_PLAYLIST_GRANT_TTL_SEC : MEDIA_GRANT_TTL_SEC) * 1000) / 2,
    );
    return () => {
      cancelled = true;
      unfollow();
      clearInterval(keepAlive);
      clearInterval(grantRenewal);
      player?.stop();
      liveStore.clear(key);
    };
  }, [video, uidd, stream, enabled]);
}

/** The player's events: its phase and first frame to the live store, a dropped stream to `retry`. */
function liveEvents(key: string, uidd: string, retry: () => void): LivePlayerEvents {
  return {
    onPhase: (phase) => liveStore.set(key, { phase }),
    onVideo: (v) => liveStore.set(key, { converted: v === 'converted' }),
    onFirstFrame: (at) => {
      performance.mark(`vigil:firstframe:${uidd}`);
      liveStore.set(key, { firstFrameAt: at });
    },
    onRetry: retry,
  };
}

/**
 * The native HLS player or MSE over the WebSocket, reading the address and grant at each (re)connection. An H.265
 * camera this browser cannot play starts on its H.264 conversion (decision 0461).
 */
function newPlayer(
  el: HTMLVideoElement,
  native: boolean,
  now: () => { url: string; grant: string | undefined },
  events: LivePlayerEvents,
  mime: string | null,
): Player {
  if (native)
    return new NativeHlsLivePlayer(el, () => liveHlsUrl(now().url, now().grant, hlsDelivery()), events);
  return new MseLivePlayer(
    el,
    (v) => liveSocketUrl(now().url, now().grant, location.origin, v),
    events,
    liveVideoFor(mime),
  );
}
