import type { SupportAccountDetail } from '@vigil/contracts';
import type { ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { errorText } from '../../../shared/api/error-text.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { FormError } from '../../../shared/ui/FormError.tsx';
import { useRegions } from '../api/customers.ts';
import { useSupportAccount } from '../api/support.ts';
import { Block, badge, Page } from './Page.tsx';
import { SupportLogs } from './SupportLogs.tsx';
import { SupportSessions } from './SupportSessions.tsx';
import { SupportTools } from './SupportTools.tsx';
import '../../../shared/i18n/partners.texts.ts';

/**
 * /support/:uid and /support/users/:uid: one account as support sees it, with the tools. With `?region=`, an account
 * kept in another region (decision 0858): its details, sessions and logs, read through that region's API (0883); its
 * tools are that region's support screens'.
 */
export function SupportAccountPage({ routeId }: { routeId: string }) {
  const { t } = useTranslation();
  const { uid = '' } = useParams();
  const [params] = useSearchParams();
  const regions = useRegions();
  const asked = params.get('region') || undefined;
  const elsewhere = asked !== undefined && asked !== regions.data?.region ? asked : undefined;
  const account = useSupportAccount(uid, elsewhere);
  const a = account.data;
  // The region is named once the deployment has several (a single server's "local" says nothing).
  const region = elsewhere ?? ((regions.data?.regions.length ?? 1) > 1 ? regions.data?.region : undefined);
  return (
    <Page routeId={routeId}>
      <FormError message={account.error ? errorText(account.error, t) : undefined} />
      {a && <AccountDetails a={a} region={region} />}
      {a && elsewhere && (
        <p className="text-neutral-700">{t('support.otherRegion', { region: elsewhere })}</p>
      )}
      {a && !elsewhere && <SupportTools uid={a.uid} customer={a.accountType === 'u'} />}
      {a && <SupportSessions uid={a.uid} region={elsewhere} />}
      {a && <SupportLogs uid={a.uid} region={elsewhere} />}
    </Page>
  );
}

export function AccountDetails({ a, region }: { a: SupportAccountDetail; region?: string }) {
  const { t, i18n } = useTranslation();
  const rows: [string, ReactNode][] = [
    [t('support.accountType'), t(`support.type.${a.accountType}`)],
    [
      t('partners.status'),
      <span key="status" className={badge(a.accepted)}>
        {a.accepted ? t('partners.accepted') : t('partners.pending')}
      </span>,
    ],
    [t('support.installer'), a.customerOf ?? a.installerId ?? '—'],
    [t('partners.cameras'), a.cameras],
    [t('support.created'), new Date(a.createdAt).toLocaleDateString(i18n.language)],
  ];
  if (region) rows.unshift([t('support.region'), region]);
  if (a.partner) rows.push([t('partners.partnerId'), `${a.partner.id} (${a.partner.company})`]);
  return (
    <Block title={a.email} id="support-account">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-lg border border-neutral-200 bg-white p-4">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-neutral-600">{k}</dt>
            <dd className="break-all">{v}</dd>
          </div>
        ))}
      </dl>
    </Block>
  );
}
