/** Query keys of the recordings feature, from one factory (its event markers use shared/events: 0106). */
export const recordingKeys = {
  all: ['recordings'] as const,
  sessions: (uidds: readonly string[], fromMs: number, toMs: number) =>
    [...recordingKeys.all, 'sessions', uidds.join(','), fromMs, toMs] as const,
  links: (uidd: string) => [...recordingKeys.all, 'links', uidd] as const,
  shared: (token: string) => [...recordingKeys.all, 'shared', token] as const,
};
