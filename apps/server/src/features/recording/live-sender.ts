import type { LiveServerMessage } from '@vigil/contracts';
import type { LiveChunk } from '@vigil/recorder';

/** What a live viewer's socket is given: text (the init message) or binary. */
export type LiveSend = (data: string | Buffer) => void;

/**
 * Turns a viewer's live chunks into WebSocket messages (decision 0450): `{"type":"init"}` as text, the init
 * segment, then the prebuffer — the fragments the recorder hands over synchronously with the init (0203) — as **one**
 * binary message, then one message per fragment.
 *
 * One message, because a browser delivers a burst of many messages over several tasks as the bytes come in (a GOP
 * of 720p is ~0.5–1 MB): the player cannot tell the burst's end from a pause, so it sought to the end of the first
 * part and jumped again after the first frame (decision 0214). A message event fires only once the message is whole.
 * The burst ends when the synchronous delivery does (a microtask): anything later came from a new read of ffmpeg.
 */
export function liveSender(send: LiveSend): (chunk: LiveChunk) => void {
  let burst: Buffer[] | undefined;
  const flush = (): void => {
    const parts = burst;
    burst = undefined;
    if (!parts || parts.length === 0) return;
    send(parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts));
  };
  return (chunk) => {
    if (chunk.type === 'init') {
      flush();
      const init: LiveServerMessage = {
        type: 'init',
        mimeType: chunk.mimeType,
        ...(chunk.converted ? { converted: true } : {}),
      };
      send(JSON.stringify(init));
      send(chunk.data);
      burst = [];
      queueMicrotask(flush);
      return;
    }
    if (burst) burst.push(chunk.data);
    else send(chunk.data);
  };
}
