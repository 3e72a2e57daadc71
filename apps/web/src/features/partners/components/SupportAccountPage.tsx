import type { SupportAccountDetail } from '@vigil/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { errorText } from '../../../shared/api/error-text.ts';
import { FormError } from '../../../shared/ui/FormError.tsx';
import { useSupportAccount } from '../api/support.ts';
import { Block, badge, Page } from './Page.tsx';
import { SupportLogs } from './SupportLogs.tsx';
import { SupportSessions } from './SupportSessions.tsx';
import { SupportTools } from './SupportTools.tsx';
import '../../../shared/i18n/partners.texts.ts';

/** /support/:uid and /support/users/:uid: one account as support sees it, with the tools. */
export function SupportAccountPage({ routeId }: { routeId: string }) {
  const { t } = useTranslation();
  const { uid = '' } = useParams();
  const account = useSupportAccount(uid);
  return (
    <Page routeId={routeId}>
      <FormError message={account.error ? errorText(account.error, t) : undefined} />
      {account.data && <AccountDetails a={account.data} />}
      {account.data && <SupportTools uid={account.data.uid} customer={account.data.accountType === 'u'} />}
      {account.data && <SupportSessions uid={account.data.uid} />}
      {account.data && <SupportLogs uid={account.data.uid} />}
    </Page>
  );
}

export function AccountDetails({ a }: { a: SupportAccountDetail }) {
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
