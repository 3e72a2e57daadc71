import type { Customer } from '@vigil/contracts';
import type { ReactNode } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useSession } from '../../../shared/session/store.ts';
import { StatusMessage } from '../../../shared/ui/StatusMessage.tsx';
import { useCustomer } from '../api/customers.ts';
import { CustomerCameras } from './CustomerCameras.tsx';
import { CustomerPriceForm } from './CustomerPriceForm.tsx';
import { DistributorCustomerCameras } from './DistributorCustomerCameras.tsx';
import { Block, badge, Page } from './Page.tsx';
import '../../../shared/i18n/partners.texts.ts';

/**
 * /customers/:customerUid: one customer, its cameras and status, and its subscription; for its installer, and read
 * only but for the plan for the distributor above that installer (decision 0872: no installing, no price). With
 * `?region=`, a customer kept in another region (decision 0620): its details, asked of that region; its cameras and
 * subscription are that region's. `plan`: the customer's plan chooser, billing's, handed in by the route
 * (features never import each other; decision 0854).
 */
export function CustomerPage({ plan }: { plan?: (customerUid: string) => ReactNode }) {
  const { t } = useTranslation();
  const { customerUid = '' } = useParams();
  const [params] = useSearchParams();
  const region = params.get('region') || undefined;
  const location = useLocation();
  const invited = (location.state as { invited?: string } | null)?.invited;
  const customer = useCustomer(customerUid, region);
  const here = customer.data && !region;
  const distributor = useSession()?.accountType === 'd';
  return (
    <Page routeId="customer">
      <StatusMessage message={invited ? t('partners.invited', { email: invited }) : undefined} />
      {customer.isError && <p className="text-neutral-700">{t('partners.customerNotFound')}</p>}
      {customer.data && <CustomerDetails c={customer.data} />}
      {customer.data && region && (
        <p className="text-neutral-700">{t('partners.heldInRegion', { region })}</p>
      )}
      {here && distributor && <DistributorCustomerCameras customerUid={customer.data.uid} />}
      {here && !distributor && (
        <CustomerCameras customerUid={customer.data.uid} accepted={customer.data.accepted} />
      )}
      {here && <SubscriptionSection customerUid={customer.data.uid} plan={plan} price={!distributor} />}
    </Page>
  );
}

function CustomerDetails({ c }: { c: Customer }) {
  const { t, i18n } = useTranslation();
  return (
    <Block title={c.company} id="customer-details">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-lg border border-neutral-200 bg-white p-4">
        <dt className="text-neutral-600">{t('partners.email')}</dt>
        <dd className="break-all">{c.email}</dd>
        <dt className="text-neutral-600">{t('partners.status')}</dt>
        <dd>
          <span className={badge(c.accepted)}>
            {c.accepted ? t('partners.accepted') : t('partners.pending')}
          </span>
        </dd>
        <dt className="text-neutral-600">{t('partners.cameras')}</dt>
        <dd>{c.cameras}</dd>
        <dt className="text-neutral-600">{t('support.created')}</dt>
        <dd>{new Date(c.createdAt).toLocaleDateString(i18n.language)}</dd>
      </dl>
    </Block>
  );
}

/**
 * The customer's plan (decision 0854: chosen here within the prices below) and its price (decision 0746): a share
 * of the installer's own list, within what the distributor allows. `price`: false for the distributor, to whom the
 * installer's share stays closed (decision 0854).
 */
export function SubscriptionSection({
  customerUid,
  plan,
  price = true,
}: {
  customerUid: string;
  plan?: ((customerUid: string) => ReactNode) | undefined;
  price?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Block title={t('partners.subscription')} id="customer-subscription">
      <div className="space-y-6">
        {plan?.(customerUid)}
        {price && <CustomerPriceForm customerUid={customerUid} />}
      </div>
    </Block>
  );
}
