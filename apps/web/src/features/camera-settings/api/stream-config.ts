import { useQuery } from '@tanstack/react-query';
import { StreamConfigResponse } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';
import { settingsKeys } from './keys.ts';

/** GET /cameras/stream/config?uidd=: what the camera sends, as probed at install. */
export const useStreamConfig = (uidd: string) =>
  useQuery({
    queryKey: settingsKeys.stream(uidd),
    queryFn: ({ signal }) =>
      apiFetch('/cameras/stream/config', StreamConfigResponse, { query: { uidd }, signal }),
  });
