import { useParams } from 'react-router';
import { errorText } from '../../../shared/api/error-text.ts';
import { paths } from '../../../shared/config/paths.ts';
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
 * /installers/:installerId (distributors, decision 0872): one of the distributor's installers, suspend or invite it
 * again, and its customers, each opening the customer's page as the installer sees it. The server answers 404 for an
 * installer outside the distributor's own.
 */
export function DistributorInstallerPage() {
  const { t } = useTranslation();
  const link = useShellPath();
  const { installerId = '' } = useParams();
  const partner = usePartner(installerId);
  const customers = useCustomers(installerId, partner.isSuccess);
  const regions = useRegions();
  const p = partner.data;
  return (
    <Page routeId="partnerInstaller">
      <FormError message={partner.error ? errorText(partner.error, t) : undefined} />
      {p && (
        <Block title={p.company} id="partner-installer">
          <PartnerList partners={[p]} label={p.company} empty="" actions />
        </Block>
      )}
      {customers.data && (
        <Block title={t('partners.customers')} id="partner-installer-customers">
          <CustomerList
            list={customers.data}
            linkOf={(uid, region) => link(paths.customer(uid, region))}
            showRegions={(regions.data?.regions.length ?? 1) > 1}
          />
        </Block>
      )}
    </Page>
  );
}
