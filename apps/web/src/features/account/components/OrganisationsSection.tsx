import type { Organisation } from '@vigil/contracts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { AccountSection } from './AccountSection.tsx';
import '../../../shared/i18n/accounts.texts.ts';

/** The organisations the user can open: their own, and those of accounts that invited them. */
export function OrganisationsSection({
  uid,
  organisations,
}: {
  uid: string;
  organisations: readonly Organisation[];
}) {
  const { t } = useTranslation();
  const role = (o: Organisation) =>
    o.ownerUid === uid
      ? t('account.organisations.owner')
      : o.coowner
        ? t('account.organisations.coowner')
        : t('account.organisations.member');
  return (
    <AccountSection title={t('account.organisations.title')} intro={t('account.organisations.intro')}>
      {organisations.length === 0 ? (
        <p className="text-neutral-600">{t('account.organisations.none')}</p>
      ) : (
        <ul className="divide-y divide-neutral-200" aria-label={t('account.organisations.title')}>
          {organisations.map((o) => (
            <li key={o.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <span className="min-w-0 break-all font-medium">{o.name}</span>
              <span className="text-sm text-neutral-700">{role(o)}</span>
            </li>
          ))}
        </ul>
      )}
    </AccountSection>
  );
}
