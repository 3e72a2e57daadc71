import { useMutation } from '@tanstack/react-query';
import { TalkbackResponse } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';

/** POST /twowayaudio/{owner}/{device} (spec 001 §7): the recorded clip as form data `file`, with `uid`. */
export function talk(uidd: string, clip: Blob): Promise<TalkbackResponse> {
  const [owner = '', device = ''] = uidd.split('.');
  const form = new FormData();
  form.set('uid', owner);
  form.set('file', clip, clip.type.includes('mp4') ? 'talk.m4a' : 'talk.webm');
  return apiFetch(
    `/twowayaudio/${encodeURIComponent(owner)}/${encodeURIComponent(device)}`,
    TalkbackResponse,
    {
      method: 'POST',
      form,
    },
  );
}

export const useTalk = () =>
  useMutation({ mutationFn: (v: { uidd: string; clip: Blob }) => talk(v.uidd, v.clip) });
