import { useState } from 'react';
import { errorText } from '../../../shared/api/error-text.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { PushRefused } from '../api/push-subscription.ts';
import '../../../shared/i18n/settings.texts.ts';

/** A section's last outcome: "Saved." or the server's error text (its `err`, spec 001 §8), one at a time. */
export function useFeedback() {
  const { t } = useTranslation();
  const [saved, setSaved] = useState<string>();
  const [error, setError] = useState<string>();
  return {
    saved,
    error,
    /** Runs a save and reports how it went. */
    async run(save: () => Promise<unknown>): Promise<boolean> {
      setSaved(undefined);
      setError(undefined);
      try {
        await save();
        setSaved(t('cameraSettings.saved'));
        return true;
      } catch (e) {
        setError(e instanceof PushRefused ? t(e.key) : errorText(e, t));
        return false;
      }
    },
  };
}
