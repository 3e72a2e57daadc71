import { useParams } from 'react-router';
import { errorText } from '../../../shared/api/error-text.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useShellPath } from '../../../shared/routing/shell.tsx';
import { FormError } from '../../../shared/ui/FormError.tsx';
import { useCustomers, useRegions } from '../api/customers.ts';
import { usePartner } from '../api/partners.ts';
import { CustomerList } from './CustomerList.tsx';
import { Block, Page } from './Page.tsx';
import { PartnerList } from './PartnerList.tsx';
import '../../../shared/i18n/partners.texts.ts';

/**
 * The installer of the route's :installerId, suspend or reinstate it, and its customers, each a link to
 * `customerPath` (support's and a distributor's page differ only in that path, the route and the block ids).
 */
export function InstallerDetail({
  routeId,
  idPrefix,
  customerPath,
}: {
  routeId: string;
  idPrefix: string;
  customerPath: (uid: string, region?: string) => string;
}) {
  const { t } = useTranslation();
  const link = useShellPath();
  const { installerId = '' } = useParams();
  const partner = usePartner(installerId);
  const customers = useCustomers(installerId, partner.isSuccess);
  const regions = useRegions();
  const p = partner.data;
  return (
    <Page routeId={routeId}>
      <FormError message={partner.error ? errorText(partner.error, t) : undefined} />
      {p && (
        <Block title={p.company} id={idPrefix}>
          <PartnerList partners={[p]} label={p.company} empty="" actions />
        </Block>
      )}
      {customers.data && (
        <Block title={t('partners.customers')} id={`${idPrefix}-customers`}>
          <CustomerList
            list={customers.data}
            linkOf={(uid, region) => link(customerPath(uid, region))}
            showRegions={(regions.data?.regions.length ?? 1) > 1}
          />
        </Block>
      )}
    </Page>
  );
}
