import { errorText } from '../../../shared/api/error-text.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { formatDateTime, useTimeZone } from '../../../shared/session/time-zone.ts';
import { FormError } from '../../../shared/ui/FormError.tsx';
import { activityWhat, activityWho } from '../activity-text.ts';
import { useAudit } from '../api/list-audit.ts';
import { AccountSection } from './AccountSection.tsx';
import '../../../shared/i18n/accounts.texts.ts';

/** The account's latest audit entries (decision 0017): support's looks, consent given or revoked, downloads. */
export function ActivitySection({ uid }: { uid: string }) {
  const { t, i18n } = useTranslation();
  const zone = useTimeZone();
  const audit = useAudit(uid);
  const entries = audit.data?.entries ?? [];

  return (
    <AccountSection title={t('account.activity.title')} intro={t('account.activity.intro')}>
      {audit.isPending ? (
        <p className="text-neutral-600">{t('app.loading')}</p>
      ) : audit.isError ? (
        <FormError message={errorText(audit.error, t)} />
      ) : entries.length === 0 ? (
        <p className="text-neutral-600">{t('account.activity.empty')}</p>
      ) : (
        <ul className="divide-y divide-neutral-200" aria-label={t('account.activity.listLabel')}>
          {entries.map((e) => (
            <li key={e.id} className="py-3">
              <p className="font-medium break-words">{activityWhat(e, t)}</p>
              <p className="text-sm text-neutral-600">
                <time dateTime={new Date(e.at).toISOString()}>
                  {formatDateTime(e.at, i18n.language, zone)}
                </time>
                {' · '}
                {activityWho(e, uid, t)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </AccountSection>
  );
}
