import type { Camera } from '@vigil/contracts';
import { useMemo } from 'react';
import { AddOnSwitches } from '../../../shared/cameras/AddOnSwitches.tsx';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { usePpeCameras, useSetPpe } from '../api/ppe.ts';
import '../../../shared/i18n/ppe.texts.ts';

/** The PPE check per camera (decision 0871): every zone of a switched-on camera is a safety zone. */
export function PpeSwitches({ cameras, open }: { cameras: readonly Camera[]; open: boolean }) {
  const { t } = useTranslation();
  const uidds = useMemo(() => cameras.map((c) => c.uidd as string), [cameras]);
  const on = usePpeCameras(uidds);
  const save = useSetPpe();
  return (
    <AddOnSwitches
      cameras={cameras}
      enabled={on.data?.uidds}
      save={save}
      open={open}
      texts={{ title: t('ppe.switches'), hint: t('ppe.switchesHint'), failed: t('ppe.switchFailed') }}
    />
  );
}
