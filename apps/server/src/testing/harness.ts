import type { DatabaseKind } from '@vigil/db';
import { createTestDb, TEST_DB_KINDS, type TestDb } from '@vigil/db/testing';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe } from 'vitest';
import { type AppOptions, buildApp, type RouteInfo } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { hashPassword } from '../features/auth/passwords.ts';
import { seedAccounts } from '../features/auth/seed.ts';
import { newUserRow, UsersRepository } from '../features/auth/users-repository.ts';
import { randomId } from '../shared/random.ts';
import { openSharedState } from '../shared-state/open.ts';

export class TestClock {
  t = Date.now();
  readonly now = (): number => this.t;
  advance(ms: number): void {
    this.t += ms;
  }
}

export interface TestApp {
  kind: DatabaseKind;
  app: FastifyInstance;
  db: TestDb;
  clock: TestClock;
  config: Config;
  routes: RouteInfo[];
  /** Sends a request; JSON bodies are serialised, the answer's JSON parsed into `json`. */
  call(
    opts: InjectOptions & { token?: string },
    // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the endpoint answered
  ): Promise<{ status: number; json: any; headers: Record<string, unknown> }>;
  createUser(
    fields?: Partial<{
      email: string;
      password: string;
      accountType: 'u' | 'i' | 'd' | 's';
      region: string;
      withPassword: boolean;
      /** False: an account that has not confirmed its e-mail address yet (decision 0009). */
      verified: boolean;
    }>,
  ): Promise<{ uid: string; email: string; password: string }>;
}

/** What a suite may plug into the app: a log destination, the recorder's integrations. */
export type TestAppOptions = Pick<
  AppOptions,
  | 'logger'
  | 'cameras'
  | 'realtimeBus'
  | 'realtimeRecheckMs'
  | 'recording'
  | 'sharedState'
  | 'natsStatus'
  | 'plates'
>;

/**
 * Builds an app on a fresh database of the given kind, with a movable clock and silent logs; SQLite in a file at
 * `sqlitePath` if given (a test that opens a second connection to it).
 */
export async function createTestApp(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  options: TestAppOptions = {},
  dbOptions: { sqlitePath?: string } = {},
): Promise<TestApp> {
  const db = await createTestDb(kind, dbOptions);
  const clock = new TestClock();
  const config = loadConfig({
    DATA_DIR: '/tmp/vigil-test-unused',
    WEB_DIST: '/nonexistent',
    SUPPORT_PASSWORD: 'support-password-1',
    ...env,
  });
  // TEST_SHARED_STATE_URL=redis://… runs a suite's limits and throttle on Redis, under a prefix of its own.
  const shared =
    !options.sharedState && process.env.TEST_SHARED_STATE_URL
      ? openSharedState(process.env.TEST_SHARED_STATE_URL, { prefix: `vigil-test:${randomId()}:` })
      : undefined;
  const app = await buildApp({
    ...options,
    ...(shared ? { sharedState: shared } : {}),
    config,
    database: db,
    now: clock.now,
    logger: options.logger ?? false,
  });
  if (shared) app.addHook('onClose', () => shared.close());
  await seedAccounts(db.db, config, app.log, () => {});
  const users = new UsersRepository(db.db);
  let n = 0;
  return {
    kind,
    app,
    db,
    clock,
    config,
    routes: app.routeTable,
    async call(opts) {
      const { token, ...rest } = opts;
      const res = await app.inject({
        ...rest,
        headers: { ...rest.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      } as InjectOptions);
      let json: unknown;
      try {
        json = res.json();
      } catch {
        json = undefined;
      }
      return { status: res.statusCode, json, headers: res.headers };
    },
    async createUser(f = {}) {
      n += 1;
      const email = f.email ?? `user${n}-${randomId()}@example.com`.toLowerCase();
      const password = f.password ?? `correct horse battery ${n}`;
      const uid = randomId();
      await users.createAccount(
        newUserRow({
          uid,
          email,
          password_hash: f.withPassword === false ? null : await hashPassword(password),
          account_type: f.accountType ?? 'u',
          region: f.region ?? config.REGION,
          created_at: clock.now(),
          email_verified_at: f.verified === false ? null : clock.now(),
        }),
        { id: randomId(), owner_uid: uid, name: email, cloud_storage_duration: 30, created_at: clock.now() },
        [],
      );
      return { uid, email, password };
    },
  };
}

/** How describeEachDb runs the suites of the two databases. */
export interface EachDbRun {
  /**
   * The suite's two copies may run at the same time, each one's tests still in order (decision 0864): they mostly
   * wait on real video and share nothing but read-only simulated cameras (each has its own app, database, data
   * directory and recorder). They do only when TEST_DBS_AT_ONCE=1: on a machine shared by many sessions the extra
   * recorders made time-bound waits fail, so it is an option until a clean two-core machine has run it. Otherwise
   * SQLite's suite, then PostgreSQL's.
   */
  databasesAtOnce?: boolean;
}

const DBS_AT_ONCE = process.env.TEST_DBS_AT_ONCE === '1';

/** Runs a suite once per database kind (SQLite and PostgreSQL), each on its own fresh database. */
export function describeEachDb(
  name: string,
  body: (ctx: () => TestApp) => void,
  env: Record<string, string> | (() => Record<string, string>) = {},
  options: TestAppOptions | (() => TestAppOptions) = {},
  run: EachDbRun = {},
): void {
  const together = DBS_AT_ONCE && run.databasesAtOnce === true;
  describe.each(TEST_DB_KINDS)(`${name} [%s]`, { concurrent: together }, (kind) => {
    let t: TestApp | undefined;
    beforeAll(async () => {
      // Functions are called per database, env first: a suite can give each its own data directory.
      const envOf = typeof env === 'function' ? env() : env;
      t = await createTestApp(kind, envOf, typeof options === 'function' ? options() : options);
    });
    afterAll(async () => {
      await t?.app.close();
      await t?.db.destroy();
    });
    const ctx = () => {
      if (!t) throw new Error('test app not ready');
      return t;
    };
    // A concurrent suite makes its tests concurrent too: an inner suite keeps them in order.
    if (together) describe('in order', { concurrent: false }, () => body(ctx));
    else body(ctx);
  });
}
