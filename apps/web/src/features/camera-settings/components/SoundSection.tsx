import { useId, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { FormError } from '../../../shared/ui/FormError.tsx';
import { StatusMessage } from '../../../shared/ui/StatusMessage.tsx';
import { useAudioConfig, useSaveAudioConfig } from '../api/audio-config.ts';
import { Section } from './Section.tsx';
import { useFeedback } from './use-feedback.ts';
import '../../../shared/i18n/settings.texts.ts';

/**
 * The camera's sound taken or not (decision 0715): off, neither recordings nor live have sound. Saved as the box
 * changes; a camera that sends no sound says so and the box stays off.
 */
export function SoundSection({ uidd, canChange }: { uidd: string; canChange: boolean }) {
  const { t } = useTranslation();
  const config = useAudioConfig(uidd);
  const save = useSaveAudioConfig();
  const feedback = useFeedback();
  const id = useId();
  const noteId = useId();
  // What was asked shows from the click on (the mutation's pending state comes a tick later); the saved value
  // again once it is answered, so a refusal flips the box back.
  const [asked, setAsked] = useState<boolean | undefined>();
  if (!config.data) return null;
  const s = config.data.settings;
  const silent = s.audioCodec === null;
  return (
    <Section title={t('cameraSettings.sound')}>
      <label htmlFor={id} className="flex items-center gap-2 text-sm font-medium">
        <input
          id={id}
          type="checkbox"
          className="h-5 w-5"
          checked={asked ?? s.audioEnabled}
          aria-describedby={noteId}
          disabled={!canChange || silent}
          onChange={(e) => {
            const audioEnabled = e.target.checked;
            setAsked(audioEnabled);
            void feedback
              .run(() => save.mutateAsync({ uidd, audioEnabled }))
              .finally(() => setAsked(undefined));
          }}
        />
        {t('cameraSettings.soundOn')}
      </label>
      <p id={noteId} className="text-sm text-neutral-600">
        {silent ? t('cameraSettings.soundNone') : t('cameraSettings.soundHelp')}
      </p>
      <StatusMessage message={feedback.saved} />
      <FormError message={feedback.error} />
    </Section>
  );
}
