import '../../../shared/i18n/partners.texts.ts';
import type { SupportHealth } from '@vigil/contracts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { Block, badge, cardList, cardRow } from './Page.tsx';

/** The alert rules with the value each measured; those firing first and marked. */
export function HealthAlerts({ health }: { health: SupportHealth }) {
  const { t } = useTranslation();
  const alerts = [...health.alerts].sort((a, b) => Number(b.firing) - Number(a.firing));
  const firing = alerts.filter((a) => a.firing).length;
  return (
    <Block title={t('healthScreen.alerts.title')} id="health-alerts">
      <p role={firing > 0 ? 'alert' : 'status'} className={firing > 0 ? 'font-medium text-red-800' : ''}>
        {firing > 0 ? t('healthScreen.alerts.firing', { count: firing }) : t('healthScreen.alerts.none')}
      </p>
      <p>{t('healthScreen.errorRate', { rate: health.errorReportsPerMin })}</p>
      <ul className={cardList} aria-label={t('healthScreen.alerts.title')}>
        {alerts.map((a) => (
          <li key={a.id} className={cardRow}>
            <div className="min-w-0">
              <p className="font-medium">{t(`healthScreen.alerts.rule.${a.id}`)}</p>
              <p className="text-sm text-neutral-600">
                {t('healthScreen.alerts.measured', {
                  value: a.value ?? t('healthScreen.alerts.notMeasured'),
                  threshold: a.threshold,
                })}
              </p>
            </div>
            <span className={badge(!a.firing)}>
              {a.firing ? t('healthScreen.alerts.on') : t('healthScreen.alerts.off')}
            </span>
          </li>
        ))}
      </ul>
    </Block>
  );
}
