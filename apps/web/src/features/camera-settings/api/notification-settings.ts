import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NotificationConfigResponse, type NotificationSettings } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';
import { settingsKeys } from './keys.ts';

/** GET /cameras/notifications/config?uidd=: the signed-in person's notifications for the camera. */
export const useNotificationConfig = (uidd: string) =>
  useQuery({
    queryKey: settingsKeys.notifications(uidd),
    queryFn: ({ signal }) =>
      apiFetch('/cameras/notifications/config', NotificationConfigResponse, { query: { uidd }, signal }),
  });

/** PATCH /cameras/notifications/config: body uidd, settings. */
export function useSaveNotifications(uidd: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (settings: Partial<NotificationSettings>) =>
      apiFetch('/cameras/notifications/config', NotificationConfigResponse, {
        method: 'PATCH',
        body: { uidd, settings },
      }),
    onSuccess: (res) => qc.setQueryData(settingsKeys.notifications(uidd), res),
  });
}
