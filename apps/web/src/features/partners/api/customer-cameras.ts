import { useQuery } from '@tanstack/react-query';
import { CustomerCameraList } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';
import { STATUS_REFRESH_MS } from '../../../shared/cameras/statuses.ts';
import { partnerKeys } from './keys.ts';

/**
 * GET /partners/customers/:customerUid/cameras: a customer's cameras by name, online or offline, as its partners see
 * them (decision 0872); asked again as often as every status list.
 */
export const useCustomerCameras = (uid: string) =>
  useQuery({
    queryKey: partnerKeys.cameras(uid),
    queryFn: ({ signal }) =>
      apiFetch(`/partners/customers/${encodeURIComponent(uid)}/cameras`, CustomerCameraList, { signal }),
    refetchInterval: STATUS_REFRESH_MS,
    retry: false,
  });
