import { z } from 'zod';
import { Uid } from './ids.ts';

/** Spec 000 §6: u end user, i installer, d distributor, s support. */
export const AccountType = z.enum(['u', 'i', 'd', 's']);
export type AccountType = z.infer<typeof AccountType>;

/** managementType is i, d or s for partner and support accounts, else 'user' (spec 000 §3). */
export const ManagementType = z.enum(['i', 'd', 's', 'user']);
export type ManagementType = z.infer<typeof ManagementType>;

const boolish = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

const shortText = z.string().max(200);

/** POST /login query (spec 000 §7). */
export const LoginQuery = z.strictObject({
  rememberme: boolish.optional(),
  phoneid: shortText.optional(),
  phonename: shortText.optional(),
  model: shortText.optional(),
  app_version: shortText.optional(),
  apntoken: z.string().max(4096).optional(),
  android_registration_id: z.string().max(4096).optional(),
});
export type LoginQuery = z.infer<typeof LoginQuery>;

export const Email = z.string().trim().toLowerCase().max(254).pipe(z.email('must be a valid e-mail address'));

export const LoginBody = z.strictObject({
  email: Email,
  password: z.string().min(1, 'is required').max(1024),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const Organisation = z.object({
  id: z.string(),
  /** The uid of the account that owns it: the user's own uid for their own organisation (ours, not the spec's). */
  ownerUid: z.string(),
  name: z.string(),
  cameras: z.boolean(),
  ppeCameras: z.boolean(),
  coowner: z.boolean(),
  cloudStorageDuration: z.number(),
});
export type Organisation = z.infer<typeof Organisation>;

export const CameraGroup = z.object({
  id: z.union([z.string(), z.number()]),
  name: z.string(),
  cloudStorageDuration: z.number(),
  cameras: z.array(z.string()),
});
export type CameraGroup = z.infer<typeof CameraGroup>;

export const WebLogin = z.object({
  loginToken: z.string(),
  seriesId: z.string(),
  uid: Uid,
  ssoRefreshToken: z.string().optional(),
});
export type WebLogin = z.infer<typeof WebLogin>;

/** The login result of spec 000 §3. */
export const LoginResult = z.object({
  uid: Uid,
  email: z.string(),
  region: z.string(),
  installerid: z.string().nullable(),
  distributorid: z.string().nullable(),
  distributorId: z.string().nullable(),
  accountType: AccountType,
  authToken: z.string(),
  managementToken: z.string(),
  managementType: ManagementType,
  managementScope: z.array(z.string()),
  accountInfo: z.object({ provider: z.string().nullable() }),
  provider: z.string().nullable(),
  sso_provider: z.string().nullable(),
  sso_organization: z.string().nullable(),
  organisations: z.array(Organisation),
  cameraGroups: z.array(CameraGroup),
  webLogin: WebLogin.nullable(),
  isEUP: z.boolean(),
  isSelfReg: z.boolean(),
  incompleteSelfRegSteps: z.array(z.string()),
  partnerDemoCameras: z.array(z.string()),
  /** True for the fixed demo account: the server refuses every change made with it. */
  demo: z.boolean(),
  /** Interface language chosen on /account (the web app otherwise follows the browser). */
  language: z.string(),
  /** IANA time zone chosen on /account; null means the browser's. */
  timezone: z.string().nullable(),
  /** Whether the owner confirmed the e-mail address; until then no cameras or invitations (decision 0009). */
  emailVerified: z.boolean(),
  /** Seconds until authToken expires; the web app refreshes well before. */
  expiresIn: z.number(),
});
export type LoginResult = z.infer<typeof LoginResult>;

/** When the account lives on another regional server, login answers only this; the client repeats there. */
export const LoginLocation = z.object({ location: z.url(), region: z.string() });
export type LoginLocation = z.infer<typeof LoginLocation>;

export const LoginResponse = z.union([LoginLocation, LoginResult]);
export type LoginResponse = z.infer<typeof LoginResponse>;

export const RefreshQuery = z.strictObject({
  time: z.coerce.number().optional(),
  app: boolish.optional(),
});

export const RefreshBody = z.strictObject({
  loginToken: z.string().min(1).max(200),
  seriesId: z.string().min(1).max(200),
  uid: Uid,
  ssoRefreshToken: z.string().max(4096).optional(),
});
export type RefreshBody = z.infer<typeof RefreshBody>;

export const RefreshResult = z.object({
  authToken: z.string(),
  managementToken: z.string(),
  loginToken: z.string(),
  seriesId: z.string(),
  uid: Uid,
  expiresIn: z.number(),
  /** The provider's new refresh token when it rotated the one presented (single sign-on, decision 0832). */
  ssoRefreshToken: z.string().optional(),
});
export type RefreshResult = z.infer<typeof RefreshResult>;

export const LogoutQuery = z.strictObject({ phoneid: shortText.optional() });
export const LogoutBody = z.strictObject({
  loginToken: z.string().max(200).optional(),
  seriesId: z.string().max(200).optional(),
  uid: Uid.optional(),
});

export const LostPasswordQuery = z.strictObject({ email: Email });
/** The link e-mailed at registration (decision 0009): the account and its one-time token. */
export const VerifyEmailBody = z.strictObject({ uid: Uid, v: z.string().min(1).max(200) });
export type VerifyEmailBody = z.infer<typeof VerifyEmailBody>;
export const ResetPasswordQuery = z.strictObject({
  uid: Uid,
  v: z.string().min(1).max(200),
  newpass: z.string().max(1024),
});

/** Account info kept in the web app's session (spec 000 §3), answered by the session check. */
export const AccountInfo = LoginResult.omit({ webLogin: true }).extend({
  webLogin: z.object({ loginToken: z.string().optional() }).optional(),
});
export type AccountInfo = z.infer<typeof AccountInfo>;

export const DemoLoginQuery = z.strictObject({ region: shortText.optional() });
