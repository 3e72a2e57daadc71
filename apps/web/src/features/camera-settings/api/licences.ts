import { useQuery } from '@tanstack/react-query';
import { Licences } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';
import { settingsKeys } from './keys.ts';

/** GET /account/{id}/licenses: what the camera's account may use. */
export const useLicences = (accountId: string) =>
  useQuery({
    queryKey: settingsKeys.licences(accountId),
    queryFn: ({ signal }) =>
      apiFetch(`/account/${encodeURIComponent(accountId)}/licenses`, Licences, { signal }),
  });
