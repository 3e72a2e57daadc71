/** Query keys of the camera settings screens, from one factory. */
export const settingsKeys = {
  all: ['camera-settings'] as const,
  recording: (uidd: string) => [...settingsKeys.all, 'recording', uidd] as const,
  analytics: (uidd: string) => [...settingsKeys.all, 'analytics', uidd] as const,
  ppe: (uidd: string) => [...settingsKeys.all, 'ppe', uidd] as const,
  areas: (uidd: string) => [...settingsKeys.all, 'areas', uidd] as const,
  rules: (uidd: string) => [...settingsKeys.all, 'rules', uidd] as const,
  notifications: (uidd: string) => [...settingsKeys.all, 'notifications', uidd] as const,
  stream: (uidd: string) => [...settingsKeys.all, 'stream', uidd] as const,
  encoders: (uidd: string) => [...settingsKeys.all, 'encoders', uidd] as const,
  audio: (uidd: string) => [...settingsKeys.all, 'audio', uidd] as const,
  ptz: (uidd: string) => [...settingsKeys.all, 'ptz', uidd] as const,
  still: (uidd: string) => [...settingsKeys.all, 'still', uidd] as const,
  schedules: (uidd: string) => [...settingsKeys.all, 'schedules', uidd] as const,
  /** The /settings list's schedules; without uidds, every such query. */
  schedulesOf: (uidds?: readonly string[]) =>
    uidds
      ? ([...settingsKeys.all, 'schedules-of', uidds] as const)
      : ([...settingsKeys.all, 'schedules-of'] as const),
  licences: (accountId: string) => [...settingsKeys.all, 'licences', accountId] as const,
};
