import type { CameraGroup, CameraGroupRecord, LoginResult, Organisation } from '@vigil/contracts';

/**
 * The session actions of spec 000 §4 that change the account info, as pure functions of the session. The session
 * store applies them (`sessionStore.update(s => addCameraGroup(s, g))`) so every tab sees the change.
 */
type Session = LoginResult;

/** Camera groups are kept sorted by name (spec 000 §3), case- and accent-insensitively as people read them. */
export const sortGroups = <G extends { name: string }>(groups: readonly G[]): G[] =>
  [...groups].sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));

export const changeEmail = (s: Session, email: string): Session => ({ ...s, email });

/** Adds an organisation (an accepted invitation), or replaces the one with its id. */
export function addOrganisation(s: Session, org: Organisation): Session {
  const known = s.organisations.some((o) => o.id === org.id);
  return {
    ...s,
    organisations: known
      ? s.organisations.map((o) => (o.id === org.id ? org : o))
      : [...s.organisations, org],
  };
}

/** Changes the user's own organisation(s) (name, cameras installed or removed, storage duration). */
export const updateOwnOrganisation = (
  s: Session,
  patch: Partial<Omit<Organisation, 'id' | 'ownerUid'>>,
): Session => ({
  ...s,
  organisations: s.organisations.map((o) => (o.ownerUid === s.uid ? { ...o, ...patch } : o)),
});

/** The account info's organisations, taken from a fresh session check: added, changed and removed ones. */
export function withOrganisations(s: Session, fresh: readonly Organisation[]): Session {
  const kept = { ...s, organisations: s.organisations.filter((o) => fresh.some((f) => f.id === o.id)) };
  return fresh.reduce(addOrganisation, kept);
}

/**
 * A group's cloud storage duration is the longest of its cameras' owners' (spec 000 §3), 0 when none is known.
 * An owner's duration is the longest of the organisations they own.
 */
export function groupStorageDuration(
  cameras: readonly string[],
  organisations: readonly Organisation[],
): number {
  const owners = new Set(cameras.map((uidd) => uidd.split('.', 1)[0]));
  return Math.max(
    0,
    ...organisations.filter((o) => owners.has(o.ownerUid)).map((o) => o.cloudStorageDuration),
  );
}

/** The session's form of a group as the groups calls answer it. */
export const toSessionGroup = (
  g: CameraGroupRecord,
  organisations: readonly Organisation[],
): CameraGroup => ({
  id: g.id,
  name: g.name,
  cameras: g.uidds,
  cloudStorageDuration: groupStorageDuration(g.uidds, organisations),
});

export const addCameraGroup = (s: Session, g: CameraGroupRecord): Session => ({
  ...s,
  cameraGroups: sortGroups([
    ...s.cameraGroups.filter((x) => String(x.id) !== g.id),
    toSessionGroup(g, s.organisations),
  ]),
});

/** Rename or new cameras: the group is replaced and the list sorted again. */
export const editCameraGroup = (s: Session, g: CameraGroupRecord): Session => ({
  ...s,
  cameraGroups: sortGroups(
    s.cameraGroups.map((x) => (String(x.id) === g.id ? toSessionGroup(g, s.organisations) : x)),
  ),
});

export const deleteCameraGroup = (s: Session, id: string | number): Session => ({
  ...s,
  cameraGroups: s.cameraGroups.filter((x) => String(x.id) !== String(id)),
});

/** Marks a self-registration step complete: it leaves the incomplete list (spec 000 §4). */
export const completeSelfRegStep = (s: Session, step: string): Session => ({
  ...s,
  incompleteSelfRegSteps: s.incompleteSelfRegSteps.filter((x) => x !== step),
});

export const setPreferences = (
  s: Session,
  p: { language?: string | undefined; timezone?: string | null | undefined },
): Session => ({
  ...s,
  ...(p.language !== undefined ? { language: p.language } : {}),
  ...(p.timezone !== undefined ? { timezone: p.timezone } : {}),
});
