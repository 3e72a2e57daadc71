import { paths } from '../../../shared/config/paths.ts';
import { InstallerDetail } from './InstallerDetail.tsx';

/**
 * /installers/:installerId (distributors, decision 0872): one of the distributor's installers, suspend or invite it
 * again, and its customers, each opening the customer's page as the installer sees it. The server answers 404 for an
 * installer outside the distributor's own.
 */
export function DistributorInstallerPage() {
  return (
    <InstallerDetail routeId="partnerInstaller" idPrefix="partner-installer" customerPath={paths.customer} />
  );
}
