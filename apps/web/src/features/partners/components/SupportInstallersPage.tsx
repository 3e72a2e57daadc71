import { useParams } from 'react-router';
import { errorText } from '../../../shared/api/error-text.ts';
import { paths } from '../../../shared/config/paths.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useShellPath } from '../../../shared/routing/shell.tsx';
import { FormError } from '../../../shared/ui/FormError.tsx';
import { useCustomers, useRegions } from '../api/customers.ts';
import { usePartner, usePartners } from '../api/partners.ts';
import { CustomerList } from './CustomerList.tsx';
import { Block, Page } from './Page.tsx';
import { PartnerList } from './PartnerList.tsx';
import '../../../shared/i18n/partners.texts.ts';

/** /support/installers: every distributor and installer with their totals. */
export function SupportInstallersPage() {
  const { t } = useTranslation();
  const link = useShellPath();
  const distributors = usePartners('d');
  const installers = usePartners('i');
  return (
    <Page routeId="supportInstallers">
      <FormError message={installers.error ? errorText(installers.error, t) : undefined} />
      <Block title={t('partners.distributors')} id="support-distributors">
        <PartnerList
          partners={distributors.data ?? []}
          label={t('partners.distributors')}
          empty={t('partners.noDistributors')}
        />
      </Block>
      <Block title={t('partners.installers')} id="support-installers">
        <PartnerList
          partners={installers.data ?? []}
          label={t('partners.installers')}
          empty={t('partners.noInstallers')}
          linkOf={(id) => link(paths.supportInstaller(id))}
        />
      </Block>
    </Page>
  );
}

/** /support/installers/:installerId: one installer, suspend or reinstate it, and its customers. */
export function SupportInstallerPage() {
  const { t } = useTranslation();
  const link = useShellPath();
  const { installerId = '' } = useParams();
  const partner = usePartner(installerId);
  const customers = useCustomers(installerId, partner.isSuccess);
  const regions = useRegions();
  const p = partner.data;
  return (
    <Page routeId="supportInstaller">
      <FormError message={partner.error ? errorText(partner.error, t) : undefined} />
      {p && (
        <Block title={p.company} id="support-installer">
          <PartnerList partners={[p]} label={p.company} empty="" actions />
        </Block>
      )}
      {customers.data && (
        <Block title={t('partners.customers')} id="support-installer-customers">
          <CustomerList
            list={customers.data}
            // Another region's customer opens on support's page here too, read through its region (decision 0858).
            linkOf={(uid, region) => link(paths.supportAccount(uid, region))}
            showRegions={(regions.data?.regions.length ?? 1) > 1}
          />
        </Block>
      )}
    </Page>
  );
}
