import type { PlanLosses } from '@vigil/contracts';
import type { TFunction } from '../../shared/i18n/translator.ts';

/** Whether a change takes anything away (decision 0853): then the owner confirms it in the warning first. */
export const losesSomething = (l: PlanLosses): boolean =>
  l.storageDays !== null ||
  l.cameraLimit !== null ||
  l.stoppingCameras.length > 0 ||
  l.resolution !== null ||
  l.addonsLost.length > 0;

/** The warning's lines, most serious first: footage deleted, cameras stopped, then what the plan no longer covers. */
export function lossLines(l: PlanLosses, t: TFunction): string[] {
  const lines: string[] = [];
  if (l.storageDays) lines.push(t('billing.downgrade.storage', l.storageDays));
  if (l.stoppingCameras.length > 0)
    lines.push(
      t('billing.downgrade.stopping', {
        count: l.stoppingCameras.length,
        names: l.stoppingCameras.map((c) => c.name).join(', '),
      }),
    );
  if (l.cameraLimit) lines.push(t('billing.downgrade.cameraLimit', l.cameraLimit));
  if (l.resolution) lines.push(t('billing.downgrade.resolution', l.resolution));
  if (l.addonsLost.length > 0)
    lines.push(
      t('billing.downgrade.addons', { names: l.addonsLost.map((a) => t(`billing.addons.${a}`)).join(', ') }),
    );
  return lines;
}
