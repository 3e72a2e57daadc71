/** Query keys of the camera settings screens, from one factory. */
export const settingsKeys = {
  all: ['camera-settings'] as const,
  recording: (uidd: string) => [...settingsKeys.all, 'recording', uidd] as const,
  analytics: (uidd: string) => [...settingsKeys.all, 'analytics', uidd] as const,
  schedules: (uidd: string) => [...settingsKeys.all, 'schedules', uidd] as const,
  licences: (accountId: string) => [...settingsKeys.all, 'licences', accountId] as const,
};
