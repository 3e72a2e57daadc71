/**
 * Multi-user access: permission levels and what each may do (spec 000 §6, 001 §6 name the levels and the action
 * groups; the matrix is ours: docs/decisions/0010-permission-matrix.md). The server enforces it; the web app shows
 * it on /permission-levels.
 */
export const PERMISSION_LEVELS = ['coowner', 'admin', 'readonly', 'viewonly', 'liveonly', 'none'] as const;
export type PermissionLevel = (typeof PERMISSION_LEVELS)[number];

export const ACTION_GROUPS = {
  video: ['viewLive', 'viewRecorded', 'events', 'deleteVideo'],
  settings: ['cameraSettings', 'notificationSettings', 'rename'],
  notifications: ['notifyOnlineOffline', 'notifyAnalytics', 'notifyTemperature'],
  other: ['ptz', 'install', 'manageUsers', 'managePlan'],
} as const;
export type ActionGroup = keyof typeof ACTION_GROUPS;
export type Action = (typeof ACTION_GROUPS)[ActionGroup][number];
export const ACTIONS: readonly Action[] = Object.values(ACTION_GROUPS).flat();

const ALL = ACTIONS;
const VIEW: Action[] = ['viewLive', 'viewRecorded', 'events'];
const NOTIFY: Action[] = ['notifyOnlineOffline', 'notifyAnalytics', 'notifyTemperature'];

/** Which level may do which action. The account owner may do everything. */
export const LEVEL_ACTIONS: Record<PermissionLevel, ReadonlySet<Action>> = {
  coowner: new Set(ALL),
  admin: new Set(ALL.filter((a) => a !== 'managePlan')),
  readonly: new Set([...VIEW, ...NOTIFY]),
  viewonly: new Set(VIEW),
  liveonly: new Set<Action>(['viewLive']),
  none: new Set<Action>(),
};

export const levelAllows = (level: PermissionLevel, action: Action): boolean =>
  LEVEL_ACTIONS[level].has(action);

/**
 * Short operation codes, as the account-permissions call lists them (spec 000 §3): a level is sent as the codes of
 * its actions, with 'c' for a co-owner, from which the web app derives the co-owner flag.
 */
export const ACTION_CODES: Record<Action, string> = {
  viewLive: 'vl',
  viewRecorded: 'vr',
  events: 'ev',
  deleteVideo: 'dv',
  cameraSettings: 'cs',
  notificationSettings: 'ns',
  rename: 'rn',
  notifyOnlineOffline: 'no',
  notifyAnalytics: 'na',
  notifyTemperature: 'nt',
  ptz: 'pt',
  install: 'in',
  manageUsers: 'mu',
  managePlan: 'mp',
};

export function operationsOf(level: PermissionLevel): string[] {
  const codes = [...LEVEL_ACTIONS[level]].map((a) => ACTION_CODES[a]);
  return level === 'coowner' ? ['c', ...codes] : codes;
}

export const isCoowner = (operations: readonly string[]): boolean => operations.includes('c');

/**
 * What a caller may do to one camera (docs/decisions/0303, 0405): the spec's action groups as they apply to a
 * camera. `view` is knowing the camera exists (list, status, stills); every other action implies it.
 */
export const CAMERA_ACTIONS = [
  'view',
  'viewLive',
  'viewRecorded',
  'events',
  'delete',
  'cameraSettings',
  'notificationSettings',
  'rename',
  'ptz',
  'install',
] as const;
export type CameraAction = (typeof CAMERA_ACTIONS)[number];

/** Who the caller is to a camera's account: its owner, support staff, or an additional user at a level. */
export type CameraRole = 'owner' | 'support' | PermissionLevel;
