import { errorText } from '../../../shared/api/error-text.ts';
import { paths } from '../../../shared/config/paths.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useShellPath } from '../../../shared/routing/shell.tsx';
import { FormError } from '../../../shared/ui/FormError.tsx';
import { usePartners } from '../api/partners.ts';
import { InstallerDetail } from './InstallerDetail.tsx';
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
  // Another region's customer opens on support's page here too, read through its region (decision 0858).
  return (
    <InstallerDetail
      routeId="supportInstaller"
      idPrefix="support-installer"
      customerPath={paths.supportAccount}
    />
  );
}
