import { CustomerPlanSection } from '../../features/billing/components/CustomerPlanSection.tsx';
import { InstallerBrandSection } from '../../features/brands/components/InstallerBrandSection.tsx';
import { CustomerPage } from '../../features/partners/components/CustomerPage.tsx';
import { DistributorInstallerPage } from '../../features/partners/components/DistributorInstallerPage.tsx';
import { HealthPage } from '../../features/partners/components/HealthPage.tsx';
import { NewCustomerPage } from '../../features/partners/components/NewCustomerPage.tsx';
import { PortalPage } from '../../features/partners/components/PortalPage.tsx';
import { SupportAccountPage } from '../../features/partners/components/SupportAccountPage.tsx';
import {
  SupportInstallerPage,
  SupportInstallersPage,
} from '../../features/partners/components/SupportInstallersPage.tsx';
import { SupportSearchPage } from '../../features/partners/components/SupportSearchPage.tsx';
import { SupportToolsPage } from '../../features/partners/components/SupportToolsPage.tsx';
import { useSession } from '../../shared/session/store.ts';

/** The portal, with an installer's own logo and colours below it (features/brands, decision 0820). */
function PortalScreen() {
  const installer = useSession()?.accountType === 'i';
  return (
    <>
      <PortalPage />
      {installer && <InstallerBrandSection />}
    </>
  );
}

/** The partner portal, support and health screens by the route table's screen id (loaded as one chunk). */
export function PartnerScreen({ screen, routeId }: { screen: string; routeId: string }) {
  switch (screen) {
    case 'partnerPortal':
      return <PortalScreen />;
    case 'customerNew':
      return <NewCustomerPage />;
    case 'customer':
      // The customer's plan is billing's chooser, shown on the partner's page (decision 0854).
      return <CustomerPage plan={(uid) => <CustomerPlanSection customerUid={uid} />} />;
    case 'supportSearch':
      return <SupportSearchPage routeId={routeId} />;
    case 'supportAccount':
      return <SupportAccountPage routeId={routeId} />;
    case 'supportInstallers':
      return <SupportInstallersPage />;
    case 'supportInstaller':
      return <SupportInstallerPage />;
    case 'partnerInstaller':
      return <DistributorInstallerPage />;
    case 'supportTools':
      return <SupportToolsPage />;
    default:
      return <HealthPage />;
  }
}
