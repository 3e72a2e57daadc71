import { type Organisation, operationsOf } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { grantableLevels, levelOfOperations, managedAccounts } from './managed-accounts.ts';

const org = (ownerUid: string, name: string): Organisation => ({
  id: `org-${ownerUid}`,
  ownerUid,
  name,
  cameras: true,
  ppeCameras: false,
  coowner: false,
  cloudStorageDuration: 30,
});
const perm = (uid: string, name: string, level: Parameters<typeof operationsOf>[0]) => ({
  object_uid: uid,
  email: `${uid}@example.com`,
  name,
  operations: operationsOf(level),
});

describe('managed accounts', () => {
  it('reads a level back from its operation codes', () => {
    for (const l of ['coowner', 'admin', 'readonly', 'viewonly', 'liveonly', 'none'] as const)
      expect(levelOfOperations(operationsOf(l))).toBe(l);
    expect(levelOfOperations(['zz'])).toBe('none');
  });

  it('lists the own account first, then accounts the user co-owns or admins, not lower levels', () => {
    const me = { uid: 'me', organisations: [org('me', 'My home'), org('shop', 'Shop')] };
    const list = managedAccounts(me, [
      perm('shop', 'Shop', 'admin'),
      perm('bakery', 'Bakery', 'coowner'),
      perm('office', 'Office', 'viewonly'),
    ]);
    expect(list).toEqual([
      { ownerUid: 'me', label: 'My home', level: 'owner' },
      { ownerUid: 'bakery', label: 'Bakery', level: 'coowner' },
      { ownerUid: 'shop', label: 'Shop', level: 'admin' },
    ]);
  });

  it('without an own organisation, only the accounts managed for others', () => {
    expect(managedAccounts({ uid: 'me', organisations: [] }, [perm('shop', '', 'admin')])).toEqual([
      { ownerUid: 'shop', label: 'shop@example.com', level: 'admin' },
    ]);
  });

  it('offers the owner every level, others only the levels below their own', () => {
    expect(grantableLevels('owner')).toEqual([
      'coowner',
      'admin',
      'readonly',
      'viewonly',
      'liveonly',
      'none',
    ]);
    expect(grantableLevels('coowner')).toEqual(['admin', 'readonly', 'viewonly', 'liveonly', 'none']);
    expect(grantableLevels('admin')).toEqual(['readonly', 'viewonly', 'liveonly', 'none']);
  });
});
