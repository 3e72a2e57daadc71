import { hostname } from 'node:os';
import { resolve } from 'node:path';
import { z } from 'zod';
import { SsoProvidersSetting } from './sso-config.ts';

const port = z.coerce.number().int().min(0).max(65535);
const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** "eu=https://eu.example.com,us=https://us.example.com" → { eu: ..., us: ... } */
const regionMap = z.string().transform((s, ctx) => {
  const map: Record<string, string> = {};
  for (const pair of s
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [name, url] = pair.split('=', 2);
    if (!name || !url || !URL.canParse(url)) {
      ctx.addIssue({ code: 'custom', message: `"${pair}" is not region=url` });
      return z.NEVER;
    }
    map[name.trim()] = url.trim().replace(/\/$/, '');
  }
  return map;
});

/**
 * Every environment variable the server reads, with its default. The README's configuration table is this list;
 * keep them in step.
 */
export const ConfigSchema = z.object({
  PORT: port.default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  PUBLIC_URL: z.url().optional(),
  SUPPORT_EMAIL: z.email().default('support@vigil.local'),
  SUPPORT_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  REGION: z
    .string()
    .regex(/^[a-z0-9-]{1,32}$/)
    .default('local'),
  REGION_MAP: regionMap.default({}),
  /**
   * The secret the deployment's regions sign their requests to each other with (decision 0618): partners' and
   * support's views across regions. The same on every region's servers; unset: no region answers another.
   */
  REGION_PEER_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('Vigil <no-reply@vigil.local>'),
  /** A Slack-compatible incoming webhook told when a health alert starts firing and resolves (decision 0711). */
  ALERT_WEBHOOK_URL: z.url().optional(),
  /** `production` sends answers unchecked; anything else checks each against its route's schema (decision 0020). */
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().default(resolve(import.meta.dirname, '../../web/dist')),
  AUTH_TOKEN_TTL_SEC: z.coerce.number().int().min(30).max(86_400).default(1200),
  REFRESH_GRACE_SEC: z.coerce.number().int().min(0).max(120).default(10),
  SERIES_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  // Request limits per client address (and account, for sign-in) and throttling of failures: decision 0008.
  LOGIN_MAX_PER_MIN: z.coerce.number().int().min(1).default(30),
  LOGIN_FREE_FAILURES: z.coerce.number().int().min(1).default(5),
  LOGIN_FREE_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(100),
  REGISTER_MAX_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(20),
  REFRESH_MAX_PER_IP_PER_MIN: z.coerce.number().int().min(1).default(120),
  LOSTPASSWORD_MAX_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(20),
  SHARE_LOOKUPS_MAX_PER_IP_PER_MIN: z.coerce.number().int().min(1).default(60),
  /**
   * Where request limits and sign-in throttle counts are kept (decision 0605): unset, this process's memory (the
   * embedded default); redis://host:port[/db], shared by every server instance behind a load balancer.
   */
  SHARED_STATE_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  TRUST_PROXY: flag.default(false),
  /**
   * The built-in test payment provider (decision 0741) takes cards: default on, except with NODE_ENV=production,
   * where it refuses every charge unless this says true (no licence is had for a test card number there).
   */
  PAYMENTS_TEST_PROVIDER: flag.optional(),
  /**
   * Who takes card payments (decision 0750): `test`, the built-in test provider (the default), or `stripe`: Stripe
   * Checkout through the official SDK, with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (the endpoint's signing
   * secret for POST /billing/stripe/webhook). STRIPE_API_BASE points the SDK elsewhere than api.stripe.com (the
   * local stand-in: `npm run stripe-standin`).
   */
  PAYMENT_PROVIDER: z.enum(['test', 'stripe']).default('test'),
  STRIPE_API_BASE: z.url().optional(),
  STRIPE_SECRET_KEY: z.string().min(8).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(8).optional(),
  /** Where stills of accounts that consented to model training are kept (decision 0743); unset: none are kept. */
  TRAINING_SAMPLES_DIR: z.string().optional(),
  /** The bearer token a Prometheus scraper presents to GET /metrics (decision 0720); support users need none. */
  METRICS_TOKEN: z.string().min(16).optional(),
  SELF_REG_INSTALLER_IDS: z
    .string()
    .default('')
    .transform((s) =>
      s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    ),
  AUTH_SERVICE_URL: z.url().optional(),
  VIDEO_SERVICE_URL: z.url().optional(),
  ALLOW_PRIVATE_CAMERA_ADDRESSES: flag.default(true),
  CAMERA_PROBE_TIMEOUT_SEC: z.coerce.number().int().min(1).max(60).default(10),
  FFPROBE_PATH: z.string().default('ffprobe'),
  /** Run the recorder in this process (the embedded default): record cameras, serve live and stills. */
  RECORDER_ENABLED: flag.default(true),
  FFMPEG_PATH: z.string().default('ffmpeg'),
  /** Simulated RTSP cameras started with the server and given to the demo account (0: none). */
  DEMO_CAMERAS: z.coerce.number().int().min(0).max(16).default(3),
  /** The first port the demo cameras try (each camera is its own RTSP server on 127.0.0.1). */
  DEMO_CAMERAS_PORT: port.default(8554),
  /**
   * The storage watermark (decision 0208): the oldest recordings are deleted to keep free whichever is larger of
   * this share of the recordings' disk and STORAGE_MIN_FREE_GB; the SQLite database, when it shares the disk,
   * lives in that headroom.
   */
  STORAGE_MIN_FREE_PERCENT: z.coerce.number().min(0).max(90).default(5),
  STORAGE_MIN_FREE_GB: z.coerce.number().min(0).default(2),
  /** Below this much free space no new recording is started: the last room is the database's (decision 0208). */
  STORAGE_DB_RESERVE_MB: z.coerce.number().min(0).default(256),
  /**
   * What this process is (decision 0600): 'all' (the embedded default: server and recorder in one process),
   * 'server' (API and web app, records nothing) or 'recorder' (records the cameras it holds leases for; media
   * routes and /health only). Roles other than 'all' need PostgreSQL.
   */
  ROLE: z.enum(['all', 'server', 'recorder']).default('all'),
  /** This recorder's name in the fleet; default `<hostname>:<PORT>`. */
  RECORDER_ID: z
    .string()
    .regex(/^[A-Za-z0-9._:-]{1,128}$/)
    .optional(),
  /** The origin browsers reach this recorder at (the cameras' `logger`); default the process's PUBLIC_URL. */
  RECORDER_PUBLIC_URL: z.url().optional(),
  /** The most cameras this recorder records. */
  RECORDER_CAPACITY: z.coerce.number().int().min(1).max(100_000).default(200),
  /** A camera lease's life without renewal: a dead recorder's cameras move within it (renewed every third). */
  LEASE_TTL_SEC: z.coerce.number().int().min(3).max(300).default(10),
  /**
   * The recorders' `DATA_DIR/recordings` is one shared filesystem (NFS or similar, the same path on each): footage of
   * a dead or drained recorder is read by any live one (decision 0615). Unset: it plays only when its host is back.
   */
  SHARED_RECORDINGS: flag.default(false),
  /**
   * Where recorded segments are kept (decision 0619): 'local' (this host's DATA_DIR/recordings, the default) or 's3'
   * (written here first, uploaded to S3_BUCKET once closed, removed from here SEGMENT_LOCAL_KEEP_MIN after).
   */
  SEGMENT_STORE: z.enum(['local', 's3']).default('local'),
  /** An S3-compatible server's URL (MinIO, Ceph, R2…); unset: AWS S3 in S3_REGION. */
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name')
    .optional(),
  /** Prepended to every object key (several deployments in one bucket). */
  S3_PREFIX: z
    .string()
    .regex(/^([A-Za-z0-9._-]+\/)*$/, "must be '' or folder names each ending with /")
    .default(''),
  /** Unset (both): the AWS SDK's default credentials (environment, instance role). */
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** How long a segment stays on the recorder's disk after its upload (the newest footage is read the most). */
  SEGMENT_LOCAL_KEEP_MIN: z.coerce.number().min(0).max(10_080).default(10),
  /**
   * How often a recorder applies its cameras' retention (the licence's days): their footage past it, and in a fleet
   * that of recorders gone (decision 0882). Tests shorten it.
   */
  RETENTION_INTERVAL_SEC: z.coerce.number().int().min(1).max(86_400).default(600),
  /**
   * SEGMENT_STORE=s3: a player's segment held by the bucket alone is answered with a 307 to a presigned GET URL valid
   * this many seconds (decision 0857; the bucket must allow the web app's origin by CORS, and S3_ENDPOINT be
   * reachable by browsers). 0, the default: the bytes go through the server.
   */
  SEGMENT_PRESIGNED_SEC: z.coerce.number().int().min(0).max(3600).default(0),
  /**
   * NATS with JetStream for the realtime bus and camera tasks across processes (decision 0603); unset: in-process,
   * the embedded default.
   */
  NATS_URL: z
    .string()
    .regex(/^(nats|tls):\/\/[^\s]+$/, 'must be a nats:// or tls:// URL (several: comma-separated)')
    .optional(),
  /**
   * Single sign-on providers (decision 0830): a JSON array of {id, kind (google, microsoft, oidc), issuer, clientId,
   * clientSecret, appClientIds, scopes, organisation, organisationClaim}. Unset: no single sign-on.
   */
  SSO_PROVIDERS: SsoProvidersSetting.default([]),
  /**
   * Replicas of the realtime stream VIGIL_RT (decision 0617): 1 on one NATS server (the default), 3 on a JetStream
   * cluster of three or more, so the stream survives the loss of one node.
   */
  NATS_STREAM_REPLICAS: z.coerce.number().int().min(1).max(5).default(1),
  /** Slack incoming webhook that browser error reports are forwarded to; without it they are only stored. */
  SLACK_WEBHOOK_URL: z.url().optional(),
});

export type Config = Omit<
  z.infer<typeof ConfigSchema>,
  'RECORDER_ID' | 'RECORDER_PUBLIC_URL' | 'PAYMENTS_TEST_PROVIDER'
> & {
  PAYMENTS_TEST_PROVIDER: boolean;
  RECORDER_ID: string;
  RECORDER_PUBLIC_URL: string;
  sqlitePath: string;
  publicUrl: string;
};

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.problems = problems;
  }
}

/** Reads the configuration from an environment; throws ConfigError listing every problem at once. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ConfigSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const c = parsed.data;
  // A fleet shares its state through PostgreSQL: a recorder or server on a SQLite file of its own would be alone.
  if (c.ROLE !== 'all' && !c.DATABASE_URL)
    throw new ConfigError([`ROLE: '${c.ROLE}' needs PostgreSQL (DATABASE_URL); only 'all' runs on SQLite`]);
  if (c.SEGMENT_STORE === 's3' && !c.S3_BUCKET)
    throw new ConfigError(["SEGMENT_STORE: 's3' needs S3_BUCKET"]);
  if (!c.S3_ACCESS_KEY_ID !== !c.S3_SECRET_ACCESS_KEY)
    throw new ConfigError(['S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both or neither']);
  if (c.PAYMENT_PROVIDER === 'stripe' && (!c.STRIPE_SECRET_KEY || !c.STRIPE_WEBHOOK_SECRET))
    throw new ConfigError(['PAYMENT_PROVIDER: stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET']);
  const dataDir = resolve(c.DATA_DIR);
  const publicUrl = (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, '');
  return {
    ...c,
    DATA_DIR: dataDir,
    RECORDER_ID: c.RECORDER_ID ?? `${hostname()}:${c.PORT}`,
    PAYMENTS_TEST_PROVIDER: c.PAYMENTS_TEST_PROVIDER ?? c.NODE_ENV !== 'production',
    RECORDER_PUBLIC_URL: (c.RECORDER_PUBLIC_URL ?? publicUrl).replace(/\/$/, ''),
    sqlitePath: resolve(dataDir, 'vigil.sqlite'),
    publicUrl,
  };
}
