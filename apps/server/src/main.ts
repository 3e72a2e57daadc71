import { migrateToLatest, openDb } from '@vigil/db';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { seedAccounts } from './features/bootstrap/seed.ts';

/** The server process: configuration, database, app, and a graceful shutdown on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env);
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(2);
    }
    throw e;
  }
  const database = openDb({ databaseUrl: config.DATABASE_URL, sqlitePath: config.sqlitePath });
  await migrateToLatest(database.db);
  const app = await buildApp({ config, database });
  await seedAccounts(database.db, config, app.log, (line) => process.stdout.write(`${line}\n`));

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    await database.destroy();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    `Vigil is running at ${config.publicUrl} (database: ${database.kind}, data: ${config.DATA_DIR})`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
