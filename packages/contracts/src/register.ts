import { z } from 'zod';
import { Email, LoginLocation } from './auth.ts';

const code = (max: number) => z.string().trim().max(max);

/**
 * Registration payload (spec 000 §3). The spec sends some fields under two spellings
 * (marketingemails / marketingEmails, installerid / installerId, inviteid / inviteId, subscriberType / type);
 * both are accepted and folded into one by `normaliseRegistration`.
 */
export const RegisterBody = z
  .strictObject({
    email: Email.optional(),
    ssoProvider: code(40).optional(),
    idToken: z.string().max(8192).optional(),
    password: z.string().max(1024).optional(),
    marketingemails: z.boolean().optional(),
    marketingEmails: z.boolean().optional(),
    language: code(16).optional(),
    country: code(2).optional(),
    currency: code(3).optional(),
    installerid: code(64).optional(),
    installerId: code(64).optional(),
    inviteid: code(64).optional(),
    inviteId: code(64).optional(),
    subscriberType: code(32).optional(),
    type: code(32).optional(),
    cameraBrand: code(64).optional(),
    region: code(32).optional(),
    caller: code(16).optional(),
  })
  .refine((b) => b.email !== undefined || (b.ssoProvider !== undefined && b.idToken !== undefined), {
    message: 'email, or ssoProvider with idToken, is required',
    path: ['email'],
  })
  .refine((b) => b.ssoProvider !== undefined || b.password !== undefined, {
    message: 'is required',
    path: ['password'],
  });
export type RegisterBody = z.infer<typeof RegisterBody>;

export const RegisterQuery = z.strictObject({ caller: code(16).optional() });

export interface Registration {
  email: string | undefined;
  ssoProvider: string | undefined;
  idToken: string | undefined;
  password: string | undefined;
  marketingEmails: boolean;
  language: string;
  country: string;
  currency: string;
  installerId: string | undefined;
  inviteId: string | undefined;
  subscriberType: string;
  cameraBrand: string | undefined;
  region: string | undefined;
}

export function normaliseRegistration(b: RegisterBody): Registration {
  return {
    email: b.email,
    ssoProvider: b.ssoProvider,
    idToken: b.idToken,
    password: b.password,
    marketingEmails: b.marketingEmails ?? b.marketingemails ?? false,
    language: b.language ?? 'en',
    country: (b.country ?? 'US').toUpperCase(),
    currency: (b.currency ?? 'USD').toUpperCase(),
    installerId: b.installerId ?? b.installerid,
    inviteId: b.inviteId ?? b.inviteid,
    subscriberType: b.subscriberType ?? b.type ?? 'enduser',
    cameraBrand: b.cameraBrand,
    region: b.region,
  };
}

export const RegisterResult = z.object({ uid: z.string(), email: z.string().nullable(), region: z.string() });
export type RegisterResult = z.infer<typeof RegisterResult>;
/** POST /account/register answers the new account, or (spec 000 §7) the location of the region it belongs to. */
export const RegisterResponse = z.union([RegisterResult, LoginLocation]);
export type RegisterResponse = z.infer<typeof RegisterResponse>;

export const SelfRegSteps = z.object({ uid: z.string(), incompleteSelfRegSteps: z.array(z.string()) });
