import { DEFAULT_GEO, type RegisterBody } from '@vigil/contracts';

export interface RegistrationForm {
  email: string;
  password: string;
  subscriberType: 'enduser' | 'installer';
  cameraBrand: string;
  marketing: boolean;
}

export interface RegistrationContext {
  language: string;
  /** The address's query: installerid, inviteid and region come from links partners and invitations send. */
  search: URLSearchParams;
  geo?: { country_code: string; currency: { code: string } };
}

/**
 * The whole registration payload of spec 000 §3. Fields the spec names twice are sent under both spellings;
 * country and currency default to the spec's geo default (US, USD).
 */
export function registrationPayload(f: RegistrationForm, c: RegistrationContext): RegisterBody {
  const geo = c.geo ?? DEFAULT_GEO;
  const installerId = c.search.get('installerid') ?? c.search.get('installerId') ?? undefined;
  const inviteId = c.search.get('inviteid') ?? c.search.get('inviteId') ?? undefined;
  const region = c.search.get('region') ?? undefined;
  const cameraBrand = f.cameraBrand.trim() || undefined;
  return {
    email: f.email.trim(),
    password: f.password,
    marketingemails: f.marketing,
    marketingEmails: f.marketing,
    language: c.language,
    country: geo.country_code,
    currency: geo.currency.code,
    ...(installerId ? { installerid: installerId, installerId } : {}),
    ...(inviteId ? { inviteid: inviteId, inviteId } : {}),
    subscriberType: f.subscriberType,
    type: f.subscriberType,
    ...(cameraBrand ? { cameraBrand } : {}),
    ...(region ? { region } : {}),
    caller: 'web',
  };
}
