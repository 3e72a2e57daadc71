import type { LiveStream } from '@vigil/contracts';
import { type RefObject, useRef } from 'react';
import { useLiveVideo } from '../live/use-live.ts';

/** A muted, inline <video> that plays the camera live while `enabled`. */
export function LiveVideo({
  uidd,
  stream,
  enabled,
  videoRef,
}: {
  uidd: string;
  stream: LiveStream;
  enabled: boolean;
  videoRef?: RefObject<HTMLVideoElement | null>;
}) {
  const own = useRef<HTMLVideoElement | null>(null);
  const ref = videoRef ?? own;
  useLiveVideo(ref, uidd, stream, enabled);
  return (
    <video
      ref={ref}
      data-testid="live-video"
      data-uidd={uidd}
      muted
      playsInline
      autoPlay
      className={`absolute inset-0 h-full w-full object-contain ${enabled ? '' : 'hidden'}`}
    />
  );
}
