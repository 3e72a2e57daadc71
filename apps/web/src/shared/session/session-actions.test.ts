import type { LoginResult, Organisation } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import {
  addCameraGroup,
  addOrganisation,
  changeEmail,
  completeSelfRegStep,
  deleteCameraGroup,
  editCameraGroup,
  groupStorageDuration,
  setPreferences,
  sortGroups,
  updateOwnOrganisation,
  withOrganisations,
} from './session-actions.ts';

const org = (
  id: string,
  ownerUid: string,
  days: number,
  extra: Partial<Organisation> = {},
): Organisation => ({
  id,
  ownerUid,
  name: `${ownerUid}@example.com`,
  cameras: false,
  ppeCameras: false,
  coowner: false,
  cloudStorageDuration: days,
  ...extra,
});

const session = (extra: Partial<LoginResult> = {}): LoginResult =>
  ({
    uid: 'me',
    email: 'me@example.com',
    organisations: [org('o1', 'me', 7)],
    cameraGroups: [],
    incompleteSelfRegSteps: ['payment', 'cameras'],
    language: 'en',
    timezone: null,
    ...extra,
  }) as LoginResult;

const record = (id: string, name: string, uidds: string[] = []) => ({ id, name, groupName: name, uidds });

describe('session actions (spec 000 §4)', () => {
  it('change email', () => {
    expect(changeEmail(session(), 'new@example.com').email).toBe('new@example.com');
  });

  it('add organisation appends a new one and replaces a known one', () => {
    const s = addOrganisation(session(), org('o2', 'boss', 30, { coowner: true }));
    expect(s.organisations.map((o) => o.id)).toEqual(['o1', 'o2']);
    const again = addOrganisation(s, org('o2', 'boss', 60));
    expect(again.organisations.map((o) => [o.id, o.cloudStorageDuration])).toEqual([
      ['o1', 7],
      ['o2', 60],
    ]);
  });

  it('update own organisation touches only the organisations the user owns', () => {
    const s = updateOwnOrganisation(session({ organisations: [org('o1', 'me', 7), org('o2', 'boss', 30)] }), {
      cameras: true,
    });
    expect(s.organisations.map((o) => o.cameras)).toEqual([true, false]);
  });

  it('takes the organisations of a fresh session check: added, changed, removed', () => {
    const before = session({ organisations: [org('o1', 'me', 7), org('gone', 'ex', 1)] });
    const s = withOrganisations(before, [org('o1', 'me', 14), org('o3', 'boss', 30)]);
    expect(s.organisations.map((o) => [o.id, o.cloudStorageDuration])).toEqual([
      ['o1', 14],
      ['o3', 30],
    ]);
  });

  it('keeps camera groups sorted by name through add, edit and delete', () => {
    let s = addCameraGroup(session(), record('g1', 'Yard'));
    s = addCameraGroup(s, record('g2', 'attic'));
    s = addCameraGroup(s, record('g3', 'Front'));
    expect(s.cameraGroups.map((g) => g.name)).toEqual(['attic', 'Front', 'Yard']);
    s = editCameraGroup(s, record('g1', 'Back door'));
    expect(s.cameraGroups.map((g) => g.name)).toEqual(['attic', 'Back door', 'Front']);
    s = deleteCameraGroup(s, 'g2');
    expect(s.cameraGroups.map((g) => g.id)).toEqual(['g1', 'g3']);
  });

  it('a group lasts as long as the longest storage of its cameras’ owners, 0 when unknown', () => {
    const orgs = [org('o1', 'me', 7), org('o2', 'boss', 30)];
    expect(groupStorageDuration(['me.c1', 'boss.c2'], orgs)).toBe(30);
    expect(groupStorageDuration(['me.c1'], orgs)).toBe(7);
    expect(groupStorageDuration(['stranger.c9'], orgs)).toBe(0);
    expect(groupStorageDuration([], orgs)).toBe(0);
    const s = addCameraGroup(session({ organisations: orgs }), record('g', 'Mixed', ['me.c1', 'boss.c2']));
    expect(s.cameraGroups[0]).toEqual({
      id: 'g',
      name: 'Mixed',
      cameras: ['me.c1', 'boss.c2'],
      cloudStorageDuration: 30,
    });
  });

  it('keeps the synthetic partner-demo group (-1) in its sorted place', () => {
    const demo = { id: -1, name: 'Free partner demo', cloudStorageDuration: 0, cameras: [] };
    const s = addCameraGroup(session({ cameraGroups: [demo] }), record('g', 'Alpha'));
    expect(s.cameraGroups.map((g) => g.id)).toEqual(['g', -1]);
    expect(deleteCameraGroup(s, 'g').cameraGroups).toEqual([demo]);
  });

  it('sorts case- and accent-insensitively', () => {
    const g = (name: string) => ({ id: name, name, cloudStorageDuration: 0, cameras: [] });
    expect(sortGroups([g('b'), g('Été'), g('A')]).map((x) => x.name)).toEqual(['A', 'b', 'Été']);
  });

  it('marks a self-registration step complete, and sets preferences', () => {
    expect(completeSelfRegStep(session(), 'payment').incompleteSelfRegSteps).toEqual(['cameras']);
    const s = setPreferences(session(), { language: 'fr' });
    expect([s.language, s.timezone]).toEqual(['fr', null]);
    expect(setPreferences(s, { timezone: 'Europe/Paris' }).timezone).toBe('Europe/Paris');
  });
});
