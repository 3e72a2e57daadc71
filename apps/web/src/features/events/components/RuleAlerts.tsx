import '../../../shared/i18n/events.texts.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import type { RuleAlert } from '../realtime/use-alerts.ts';

/** How many of the latest rule alerts the events page keeps in view. */
export const RULE_ALERTS_SHOWN = 5;

/** Keeps the newest first, at most RULE_ALERTS_SHOWN, one per rule and event (the server sends each once). */
export function withRuleAlert(list: readonly RuleAlert[], alert: RuleAlert): RuleAlert[] {
  const rest = list.filter((a) => a.ruleId !== alert.ruleId || a.id !== alert.id);
  return [alert, ...rest].slice(0, RULE_ALERTS_SHOWN);
}

/**
 * The analytics rules that matched while the page is open (decision 0704: a presence rule fires when an object of
 * its class stands in its area): a polite live region, so a screen reader says each as it comes.
 */
export function RuleAlerts({
  alerts,
  cameraName,
}: {
  alerts: readonly RuleAlert[];
  cameraName: (uidd: string) => string;
}) {
  const { t } = useTranslation();
  if (alerts.length === 0) return null;
  return (
    <section
      aria-labelledby="rule-alerts-title"
      className="mb-3 rounded-md border border-neutral-200 bg-white p-3"
    >
      <h2 id="rule-alerts-title" className="text-sm font-semibold">
        {t('events.ruleAlerts')}
      </h2>
      <ul role="log" aria-live="polite" className="mt-1 space-y-1 text-sm">
        {alerts.map((a) => (
          <li key={`${a.ruleId}:${a.id}`}>
            {t('events.ruleAlert', {
              rule: a.ruleName,
              object: a.objectClass,
              area: a.areaName,
              camera: cameraName(a.uidd),
            })}
          </li>
        ))}
      </ul>
    </section>
  );
}
