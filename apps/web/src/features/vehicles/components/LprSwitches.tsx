import type { Camera } from '@vigil/contracts';
import { useMemo } from 'react';
import { AddOnSwitches } from '../../../shared/cameras/AddOnSwitches.tsx';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useLprCameras, useSetLpr } from '../api/lpr.ts';
import '../../../shared/i18n/vehicles.texts.ts';

/** The LPR add-on per camera (decision 0791). */
export function LprSwitches({ cameras }: { cameras: readonly Camera[] }) {
  const { t } = useTranslation();
  const uidds = useMemo(() => cameras.map((c) => c.uidd as string), [cameras]);
  const on = useLprCameras(uidds);
  const save = useSetLpr();
  return (
    <AddOnSwitches
      cameras={cameras}
      enabled={on.data?.uidds}
      save={save}
      texts={{
        title: t('vehicles.lprCameras'),
        hint: t('vehicles.lprHint'),
        failed: t('vehicles.lprFailed'),
      }}
    />
  );
}
