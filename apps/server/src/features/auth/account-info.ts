import {
  type AccountType,
  type CameraGroup,
  type LoginResult,
  type ManagementType,
  type Organisation,
  PARTNER_DEMO_GROUP_ID,
} from '@vigil/contracts';
import type { OrganisationRow } from './organisations-repository.ts';
import type { UserRow } from './users-repository.ts';

/** Spec 000 §3: managementType is i, d or s for those account types, else 'user'. */
export function managementTypeOf(t: AccountType): ManagementType {
  return t === 'u' ? 'user' : t;
}

/** What the management token lets a partner or support account do in the portal. */
export function managementScopeOf(t: AccountType): string[] {
  switch (t) {
    case 's':
      return ['support', 'customers', 'subscriptions', 'prices', 'installers', 'health'];
    case 'd':
      return ['customers', 'subscriptions', 'prices', 'installers'];
    case 'i':
      return ['customers', 'subscriptions', 'prices'];
    default:
      return [];
  }
}

export function toOrganisation(
  o: OrganisationRow & { has_cameras?: number; has_ppe_cameras?: number },
): Organisation {
  return {
    id: o.id,
    ownerUid: o.owner_uid,
    name: o.name,
    cameras: Number(o.has_cameras ?? 0) === 1,
    // A camera of the owner has the PPE check on (decision 0871).
    ppeCameras: Number(o.has_ppe_cameras ?? 0) === 1,
    coowner: false,
    cloudStorageDuration: o.cloud_storage_duration,
  };
}

export interface LoginParts {
  user: UserRow;
  organisations: OrganisationRow[];
  memberOrganisations: Organisation[];
  cameraGroups: CameraGroup[];
  /** The free partner demo's cameras (installers and distributors; decision 0720). */
  partnerDemoCameras?: string[];
  incompleteSelfRegSteps: string[];
  isSelfReg: boolean;
  region: string;
  authToken: string;
  managementToken: string;
  webLogin: LoginResult['webLogin'];
  expiresIn: number;
}

/** Row-to-API mapping for the login result, in one place. */
export function toLoginResult(p: LoginParts): LoginResult {
  const u = p.user;
  const provider = u.provider;
  return {
    uid: u.uid as LoginResult['uid'],
    email: u.email,
    region: p.region,
    installerid: u.installer_id,
    distributorid: u.distributor_id,
    distributorId: u.distributor_id,
    accountType: u.account_type,
    authToken: p.authToken,
    managementToken: p.managementToken,
    managementType: managementTypeOf(u.account_type),
    managementScope: managementScopeOf(u.account_type),
    accountInfo: { provider },
    provider,
    sso_provider: u.sso_provider,
    sso_organization: u.sso_organization,
    organisations: [...p.organisations.map(toOrganisation), ...p.memberOrganisations],
    cameraGroups: withPartnerDemo(u.account_type, p.cameraGroups, p.partnerDemoCameras ?? []),
    webLogin: p.webLogin,
    isEUP: provider?.startsWith('pro_') ?? false,
    isSelfReg: p.isSelfReg,
    incompleteSelfRegSteps: p.incompleteSelfRegSteps,
    partnerDemoCameras: p.partnerDemoCameras ?? [],
    demo: u.is_demo === 1,
    language: u.language,
    timezone: u.timezone,
    emailVerified: u.email_verified_at !== null,
    expiresIn: p.expiresIn,
  };
}

/**
 * Installers also get the synthetic group -1, the free partner demo, built from their partner demo cameras
 * (spec 000 §3). Groups stay sorted by name.
 */
export function withPartnerDemo(
  t: AccountType,
  groups: CameraGroup[],
  partnerDemoCameras: string[],
): CameraGroup[] {
  const demo = {
    id: PARTNER_DEMO_GROUP_ID,
    name: 'Free partner demo',
    cloudStorageDuration: 0,
    cameras: partnerDemoCameras,
  };
  return (t === 'i' ? [...groups, demo] : groups).sort((a, b) => a.name.localeCompare(b.name));
}
