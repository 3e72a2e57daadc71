import { useState } from 'react';
import { errorText } from '../../../shared/api/error-text.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { actionButton } from '../../../shared/ui/styles.ts';
import { useTalk } from '../api/talk.ts';
import { useMicrophoneClip } from './use-microphone-clip.ts';
import '../../../shared/i18n/settings.texts.ts';

/**
 * Two-way audio on the live view (decision 0709): press Talk, speak, press Send; the clip plays out of the camera's
 * speaker. A toggle, not press-and-hold, so it works the same with a keyboard, a switch or a screen reader.
 */
export function TalkButton({ uidd }: { uidd: string }) {
  const { t } = useTranslation();
  const mic = useMicrophoneClip();
  const send = useTalk();
  const [status, setStatus] = useState('');

  const begin = async () => {
    setStatus('');
    send.reset();
    try {
      const clip = await mic.start();
      if (!clip) return;
      setStatus(t('talk.sending'));
      send.mutate(
        { uidd, clip },
        {
          onSuccess: (r) =>
            setStatus(t('talk.sent', { seconds: Math.max(1, Math.round(r.playedMs / 1000)) })),
          onError: () => setStatus(''),
        },
      );
    } catch {
      setStatus(t('talk.noMicrophone'));
    }
  };

  const recording = mic.state === 'recording';
  return (
    <div className="flex flex-wrap items-center gap-2">
      {recording ? (
        <button type="button" className={`${actionButton} border-red-600 text-red-700`} onClick={mic.stop}>
          {t('talk.send', { seconds: mic.seconds })}
        </button>
      ) : (
        <button
          type="button"
          className={actionButton}
          onClick={() => void begin()}
          disabled={mic.state === 'starting' || send.isPending}
        >
          {t('talk.start')}
        </button>
      )}
      <span role="status" className="text-sm text-neutral-700">
        {recording ? t('talk.recording') : status}
      </span>
      {send.isError && (
        <span role="alert" className="text-sm text-red-700">
          {errorText(send.error, t)}
        </span>
      )}
    </div>
  );
}
