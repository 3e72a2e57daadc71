export interface UsersTable {
  uid: string;
  email: string;
  password_hash: string | null;
  account_type: 'u' | 'i' | 'd' | 's';
  /** Home region; a login elsewhere is answered with that region's server location. */
  region: string;
  installer_id: string | null;
  distributor_id: string | null;
  provider: string | null;
  sso_provider: string | null;
  sso_organization: string | null;
  is_demo: number;
  language: string;
  country: string;
  currency: string;
  marketing_emails: number;
  subscriber_type: string | null;
  camera_brand: string | null;
  invite_id: string | null;
  created_at: number;
  /** IANA zone chosen on /account; null means the browser's. Added by migration 0005. */
  timezone: string | null;
  /** When the owner confirmed the address (migration 0009); null: not yet, no cameras or invitations. */
  email_verified_at: number | null;
}

export interface OrganisationsTable {
  id: string;
  owner_uid: string;
  name: string;
  cloud_storage_duration: number;
  created_at: number;
}

export interface LoginSeriesTable {
  id: string;
  uid: string;
  created_at: number;
  expires_at: number;
  last_used_at: number;
  revoked_at: number | null;
  revoked_reason: string | null;
  remember_me: number;
  phone_id: string | null;
  phone_name: string | null;
  model: string | null;
  app_version: string | null;
  push_token: string | null;
  client_ip: string | null;
  user_agent: string | null;
}

/** Remember-me login tokens, stored as SHA-256 hashes; one row per issued token of a series. */
export interface LoginTokensTable {
  token_hash: string;
  series_id: string;
  created_at: number;
  superseded_at: number | null;
}

/** One-time e-mail verification links (migration 0009), stored as SHA-256 hashes. */
export interface EmailVerificationsTable {
  token_hash: string;
  uid: string;
  email: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface PasswordResetsTable {
  token_hash: string;
  uid: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface SelfRegStepsTable {
  uid: string;
  step: string;
  completed_at: number | null;
}

/** E-mails waiting to be sent, or kept for support to read when no SMTP server is configured. */
export interface OutboxTable {
  id: string;
  to_address: string;
  subject: string;
  body_text: string;
  created_at: number;
  sent_at: number | null;
  error: string | null;
}

/** Secrets the server generates once and every instance sharing the database uses. */
export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: number;
}

/** Tables of the auth service and accounts (migration 0001). */
export interface AuthTables {
  users: UsersTable;
  organisations: OrganisationsTable;
  login_series: LoginSeriesTable;
  login_tokens: LoginTokensTable;
  password_resets: PasswordResetsTable;
  email_verifications: EmailVerificationsTable;
  selfreg_steps: SelfRegStepsTable;
  outbox: OutboxTable;
  server_secrets: ServerSecretsTable;
}
