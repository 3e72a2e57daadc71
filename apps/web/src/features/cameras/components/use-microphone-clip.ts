import { TALKBACK_MAX_SECONDS } from '@vigil/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';

/** MP4 (AAC) where the browser records it, as the spec's m4a; else WebM/Opus, which the server reads the same way. */
const TYPES = ['audio/mp4', 'audio/webm;codecs=opus', 'audio/webm'];

export type MicrophoneState = 'idle' | 'starting' | 'recording';

/**
 * Records a clip from the microphone (MediaRecorder): start() asks for the microphone, stop() ends the clip and
 * resolves with it; it stops on its own after TALKBACK_MAX_SECONDS. The microphone is released after each clip.
 */
export function useMicrophoneClip() {
  const [state, setState] = useState<MicrophoneState>('idle');
  const [seconds, setSeconds] = useState(0);
  const recorder = useRef<MediaRecorder | undefined>(undefined);
  const done = useRef<((clip: Blob | undefined) => void) | undefined>(undefined);

  const release = useCallback(() => {
    for (const track of recorder.current?.stream.getTracks() ?? []) track.stop();
    recorder.current = undefined;
    setState('idle');
  }, []);

  const start = useCallback(async (): Promise<Blob | undefined> => {
    setState('starting');
    setSeconds(0);
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (e) {
      setState('idle');
      throw e;
    }
    const mimeType = TYPES.find((t) => MediaRecorder.isTypeSupported(t));
    const r = new MediaRecorder(stream, mimeType ? { mimeType } : {});
    const chunks: Blob[] = [];
    r.ondataavailable = (e) => chunks.push(e.data);
    recorder.current = r;
    const clip = new Promise<Blob | undefined>((resolve) => {
      done.current = resolve;
      r.onstop = () => {
        release();
        resolve(chunks.length ? new Blob(chunks, { type: r.mimeType }) : undefined);
      };
    });
    r.start();
    setState('recording');
    return clip;
  }, [release]);

  const stop = useCallback(() => {
    if (recorder.current?.state === 'recording') recorder.current.stop();
  }, []);

  // The clock the button shows, and the limit the server keeps anyway.
  useEffect(() => {
    if (state !== 'recording') return;
    const began = Date.now();
    const id = setInterval(() => {
      const s = Math.floor((Date.now() - began) / 1000);
      setSeconds(s);
      if (s >= TALKBACK_MAX_SECONDS) stop();
    }, 250);
    return () => clearInterval(id);
  }, [state, stop]);

  // Leaving the page while recording: the clip is dropped and the microphone released.
  useEffect(
    () => () => {
      if (recorder.current?.state === 'recording') {
        recorder.current.onstop = null;
        recorder.current.stop();
      }
      for (const track of recorder.current?.stream.getTracks() ?? []) track.stop();
      done.current?.(undefined);
    },
    [],
  );

  return { state, seconds, start, stop };
}
