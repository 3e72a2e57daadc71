import { useId, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { usePpeConfig, useSavePpeConfig } from '../api/ppe-config.ts';
import '../../../shared/i18n/settings.texts.ts';

/** The camera's PPE check (decision 0871): saved as soon as it is switched, like the LPR switches. */
export function PpeSetting({ uidd, canChange }: { uidd: string; canChange: boolean }) {
  const { t } = useTranslation();
  const config = usePpeConfig(uidd);
  const save = useSavePpeConfig();
  const hintId = useId();
  // What was just switched to, set in the change handler itself: the mutation's own pending state reaches React a
  // tick later, and in between React put the box back as the server last said (a click that seemed not to take).
  const [wanted, setWanted] = useState<boolean>();
  if (!config.data) return null;
  return (
    <div className="mt-3 border-t border-neutral-100 pt-3">
      <label className="flex items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          className="h-5 w-5"
          aria-describedby={hintId}
          checked={wanted ?? config.data.ppeEnabled}
          disabled={!canChange || save.isPending}
          onChange={(e) => {
            setWanted(e.target.checked);
            save.mutate({ uidd, enabled: e.target.checked }, { onSettled: () => setWanted(undefined) });
          }}
        />
        {t('cameraSettings.ppeOn')}
      </label>
      <p id={hintId} className="mt-1 text-xs text-neutral-600">
        {t('cameraSettings.ppeHint')}
      </p>
    </div>
  );
}
