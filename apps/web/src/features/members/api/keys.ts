/** Cache keys of the members feature (additional users and the accounts the user may manage). */
export const memberKeys = {
  all: ['members'] as const,
  list: (ownerUid: string) => [...memberKeys.all, 'list', ownerUid] as const,
  permissions: (uid: string) => [...memberKeys.all, 'account-permissions', uid] as const,
};
