import { createTestDb, type TestDb } from '@vigil/db/testing';
import { newUserRow, UsersRepository } from '../../../apps/server/src/features/auth/users-repository.ts';
import { cameraRow } from '../../../apps/server/src/features/cameras/testing.ts';

/** A fresh, migrated PostgreSQL database with one account owning every camera the bench installs. */
export interface FleetDb {
  db: TestDb;
  /** The connection string another process opens it with. */
  url: string;
  owner: string;
  /** Installs cameras straight in the table (no probe, as e2e fixtures do), in batches; answers their uidds. */
  addCameras(n: number, streamUrl: (i: number) => string): Promise<string[]>;
  destroy(): Promise<void>;
}

const OWNER = 'fleetbench';
/** Rows per INSERT: well under PostgreSQL's 65,535 bind parameters at ~50 columns a row. */
const BATCH = 500;

export async function freshFleetDb(): Promise<FleetDb> {
  const db = await createTestDb('postgres');
  await new UsersRepository(db.db).createAccount(
    newUserRow({
      uid: OWNER,
      email: 'fleet-bench@example.com',
      password_hash: null,
      account_type: 'u',
      region: 'local',
      created_at: Date.now(),
      email_verified_at: Date.now(),
    }),
    undefined,
    [],
  );
  let next = 0;
  return {
    db,
    url: db.url as string,
    owner: OWNER,
    async addCameras(n, streamUrl) {
      const rows = Array.from({ length: n }, (_, k) => {
        const i = next + k;
        return cameraRow({
          owner: OWNER,
          deviceId: `cam${String(i).padStart(6, '0')}`,
          name: `Fleet bench ${i}`,
          now: Date.now(),
          streamUrl: streamUrl(i),
        });
      });
      next += n;
      for (let i = 0; i < rows.length; i += BATCH)
        await db.db
          .insertInto('cameras')
          .values(rows.slice(i, i + BATCH))
          .execute();
      return rows.map((r) => r.uidd);
    },
    destroy: () => db.destroy(),
  };
}
