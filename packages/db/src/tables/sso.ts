/** Single sign-on (migration 0830, decisions 0830–0832). */
export interface SsoIdentitiesTable {
  /** The OpenID Provider's issuer URL and the user's subject there: the identity's key. */
  issuer: string;
  subject: string;
  uid: string;
  /** The configured provider id it was linked through ('google', 'microsoft', …). */
  provider: string;
  email: string | null;
  /** The organisation claim's value (Google hd, Microsoft tid, …) when the provider has one. */
  organisation: string | null;
  created_at: number;
  last_login_at: number | null;
}

/** An authorisation request under way; the state is stored hashed, the row is deleted when used. */
export interface SsoRequestsTable {
  state_hash: string;
  provider: string;
  /** 'signin' | 'convert' */
  purpose: string;
  /** The signed-in user linking their account (convert); null for a sign-in. */
  uid: string | null;
  /** Hash of the secret the starting browser keeps: the callback must come from that browser. */
  binding_hash: string;
  nonce: string;
  code_verifier: string;
  redirect_uri: string;
  expires_at: number;
}

export interface SsoNoncesTable {
  issuer: string;
  nonce: string;
  expires_at: number;
}

export interface SsoSeriesTable {
  series_id: string;
  issuer: string;
  subject: string;
  provider: string;
  /** 1 when the sign-in came with a provider refresh token: every refresh must present it. */
  needs_refresh_token: number;
  expires_at: number;
}

export interface SsoTables {
  sso_identities: SsoIdentitiesTable;
  sso_requests: SsoRequestsTable;
  sso_nonces: SsoNoncesTable;
  sso_series: SsoSeriesTable;
}
