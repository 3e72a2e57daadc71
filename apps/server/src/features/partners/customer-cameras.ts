import type { CustomerCameraList } from '@vigil/contracts';
import { forbidden } from '../../http/errors.ts';
import type { Caller } from '../../shared/caller.ts';
import type { PartnerService } from './partner-service.ts';
import type { CustomerCamerasPort } from './ports.ts';

/**
 * A customer's cameras as its partners see them (decision 0872): the installer running the account and the
 * distributor above that installer, each within its own subtree (getCustomer's 404 outside it). Names and online or
 * offline only, never a picture: the distributor holds no role on the account (decision 0854), so this is read here
 * and not through the cameras' own routes. Support has its account page.
 */
export async function customerCameras(
  partners: PartnerService,
  cameras: CustomerCamerasPort,
  caller: Caller,
  customerUid: string,
): Promise<CustomerCameraList> {
  if (caller.accountType !== 'i' && caller.accountType !== 'd') throw forbidden();
  const customer = await partners.getCustomer(caller, customerUid);
  return { cameras: await cameras(customer.uid) };
}
