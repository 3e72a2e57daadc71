import { hostname } from 'node:os';
import { type DbHandle, migrateToLatest, openDb, waitForDatabase } from '@vigil/db';
import pino from 'pino';
import { buildApp, loggerOptions } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { seedAccounts } from './features/auth/seed.ts';
import { leaseHolders, leaseHoldersOf, liveRecorderIds } from './features/fleet/module.ts';
import { type DemoCameras, startDemoCameras } from './features/recording/demo-cameras.ts';
import { Recording } from './features/recording/recording.ts';
import { openNatsMessaging } from './messaging.ts';

type Config = ReturnType<typeof loadConfig>;

/**
 * The embedded default: one process runs the server and the recorder (docs/decisions/0451). A server of a fleet
 * records nothing; its recorders do (decision 0600).
 */
function recordingFor(config: Config): Recording | undefined {
  if (!config.RECORDER_ENABLED || config.ROLE === 'server') return undefined;
  return new Recording({
    dataDir: config.DATA_DIR,
    ffmpegPath: config.FFMPEG_PATH,
    // A fleet's recorder names its segments' host in the index and its live address by its own origin
    // (decisions 0600, 0601); the embedded default needs neither.
    recorderId: config.ROLE === 'recorder' ? config.RECORDER_ID : undefined,
    liveBaseUrl: config.ROLE === 'recorder' ? config.RECORDER_PUBLIC_URL : config.VIDEO_SERVICE_URL,
    tuning: {
      retentionIntervalMs: config.RETENTION_INTERVAL_SEC * 1000,
      storageWatermark: {
        minFreePercent: config.STORAGE_MIN_FREE_PERCENT,
        minFreeBytes: Math.round(config.STORAGE_MIN_FREE_GB * 1024 ** 3),
        reserveBytes: Math.round(config.STORAGE_DB_RESERVE_MB * 1024 ** 2),
      },
    },
  });
}

/**
 * NATS_URL: the realtime bus crosses processes (decision 0603); unset, it stays in this process. Camera tasks cross
 * processes too: a fleet's server sends them to the camera's recorder (the lease holder), a recorder answers those
 * for the cameras it records (decision 0603), and the statuses of its cameras (0608).
 */
async function openMessaging(config: Config, database: DbHandle, recording: Recording | undefined) {
  const messaging = config.NATS_URL
    ? await openNatsMessaging(config.NATS_URL, {
        name: `vigil ${hostname()}:${config.PORT}`,
        replicas: config.NATS_STREAM_REPLICAS,
        log: pino(loggerOptions(config.LOG_LEVEL)).child({ feature: 'messaging' }),
      })
    : undefined;
  const cameras =
    messaging && config.ROLE === 'server'
      ? {
          tasks: messaging.routedTasks(
            leaseHolders(database.db),
            liveRecorderIds(database.db, config.LEASE_TTL_SEC * 1000),
          ),
          statusProvider: messaging.routedStatus(leaseHoldersOf(database.db)),
        }
      : undefined;
  if (messaging && config.ROLE === 'recorder' && recording)
    messaging.serveTasks(
      config.RECORDER_ID,
      recording.integrations.tasks,
      recording.integrations.statusProvider,
    );
  return { messaging, cameras };
}

/** The server process: configuration, database, app, and a graceful shutdown on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  let config: Config;
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
  // PostgreSQL down or restarting when we start: wait for it rather than exit (decision 0015).
  await waitForDatabase(database, {
    onWaiting: (state) => console.error(`The database is ${state}; waiting for it to answer…`),
  });
  await migrateToLatest(database.db);
  const recording = recordingFor(config);
  const { messaging, cameras } = await openMessaging(config, database, recording);
  const app = await buildApp({
    config,
    database,
    recording,
    realtimeBus: messaging?.bus,
    cameras,
    ...(messaging ? { natsStatus: messaging.status } : {}),
  });
  // Accounts are the servers' (a fleet's recorders start together and would race to seed them).
  if (config.ROLE !== 'recorder')
    await seedAccounts(database.db, config, app.log, (line) => process.stdout.write(`${line}\n`));

  let demo: Promise<DemoCameras | undefined> | undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // A fleet's recorder first hands its cameras over, within three lease times (decision 0600).
    const drainMs = config.ROLE === 'recorder' ? 3 * config.LEASE_TTL_SEC * 1000 : 0;
    const force = setTimeout(() => process.exit(1), drainMs + 10_000);
    force.unref();
    // While it still serves: closing the app ends live WebSockets, and viewers should keep watching here until
    // they have moved to the successor (decision 0616). The drain run again on close finds nothing left.
    await app.services.drainFleet();
    await app.close();
    await messaging?.close();
    await (await demo)?.stop();
    await database.destroy();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  // Support is told when a health alert starts firing and when it resolves (decision 0711).
  app.services.healthAlerts.start();
  app.log.info(
    `Vigil is running at ${config.publicUrl} (database: ${database.kind}, data: ${config.DATA_DIR})`,
  );
  // After listening: the first start encodes the simulator's loops (seconds), and the app is usable meanwhile.
  demo =
    config.DEMO_CAMERAS > 0 && config.ROLE === 'all'
      ? startDemoCameras({
          users: app.services.users,
          cameras: app.services.cameras.settings,
          count: config.DEMO_CAMERAS,
          firstPort: config.DEMO_CAMERAS_PORT,
          loggerUrl: config.publicUrl,
          liveUrl: config.VIDEO_SERVICE_URL ?? config.publicUrl,
          log: app.log,
        }).catch((err: unknown) => {
          // The server is still useful without them (the simulator needs GStreamer: scripts/ensure-system-deps.sh).
          app.log.error({ err: String(err) }, 'demo cameras not started');
          return undefined;
        })
      : undefined;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
