import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { NatsStatus } from '@vigil/contracts';
import { NatsTaskTransport, serveCameraTasks } from './features/cameras/nats-tasks.ts';
import { type RecordersOf, RoutedCameraStatus } from './features/cameras/routed-status.ts';
import type { CameraStatusProvider } from './features/cameras/status-provider.ts';
import { type RecorderOf, RoutedCameraTasks } from './features/cameras/task-transport.ts';
import type { CameraTasks } from './features/cameras/tasks.ts';
import { type BusLog, NatsBus, type NatsBusOptions } from './features/realtime/nats-bus.ts';

/**
 * Messaging across processes on NATS (decision 0603), for NATS_URL: one connection per process, the realtime bus
 * over JetStream, and camera tasks over request/reply. Without NATS_URL the process uses none of this: the
 * in-process bus and direct calls to its own recorder, as always.
 */
export interface NatsMessaging {
  readonly connection: NatsConnection;
  readonly bus: NatsBus;
  /** A recorder's side: answers the camera tasks (and status questions) sent to its id with its own recorder. */
  serveTasks(recorderId: string, local: CameraTasks, status?: CameraStatusProvider): void;
  /** A server's side (records nothing): tasks go to the recorder `recorderOf` names (the camera_leases table). */
  routedTasks(recorderOf: RecorderOf, everyRecorder?: () => Promise<readonly string[]>): CameraTasks;
  /** A server's side: camera statuses asked of the recorders that hold the cameras (decision 0608). */
  routedStatus(recordersOf: RecordersOf): CameraStatusProvider;
  /** The connection now: 'down' from a disconnect until the reconnect (for /health, decision 0613). */
  /** 'stalled': connected, but the realtime consumer does not read back its probes (decision 0712). */
  readonly status: () => NatsStatus;
  close(): Promise<void>;
}

/** What `connect` needs of NATS_URL: the servers without credentials, and the credentials apart (decision 0614). */
export interface NatsConnectTarget {
  servers: string[];
  user?: string;
  pass?: string;
  token?: string;
}

/**
 * NATS_URL may carry credentials the way URLs do: `nats://user:password@host:4222` (user and password) or
 * `nats://token@host:4222` (a token), percent-encoded where they hold reserved characters. The client library takes
 * them as options, one set for every server, so the servers of a comma-separated list may carry the same credentials
 * or none; different ones are refused. The servers are returned without them (they are logged).
 */
export function natsConnectTarget(natsUrl: string): NatsConnectTarget {
  const servers: string[] = [];
  let creds: { user?: string; pass?: string; token?: string } | undefined;
  for (const raw of natsUrl
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const url = new URL(raw);
    if (url.username || url.password) {
      const user = decodeURIComponent(url.username);
      const found = url.password ? { user, pass: decodeURIComponent(url.password) } : { token: user };
      if (creds && JSON.stringify(creds) !== JSON.stringify(found))
        throw new Error('NATS_URL: every server must carry the same credentials');
      creds = found;
    }
    servers.push(`${url.protocol}//${url.host}`);
  }
  return { servers, ...creds };
}

export async function openNatsMessaging(
  url: string,
  d: {
    name: string;
    log: BusLog & { error(obj: object, msg: string): void };
    /** Replicas of the realtime stream (NATS_STREAM_REPLICAS, decision 0617). */
    replicas?: number;
    /** The realtime consumer's probe (decision 0712): tests shorten its interval and stall time. */
    probe?: NatsBusOptions['probe'];
  },
): Promise<NatsMessaging> {
  const target = natsConnectTarget(url);
  const waiting = setTimeout(
    () => d.log.warn({ servers: target.servers }, 'NATS is not answering; waiting for it…'),
    2_000,
  );
  const connection = await connect({
    ...target,
    name: d.name,
    // NATS away, at start or later: wait for it rather than exit (as the database, decision 0015).
    waitOnFirstConnect: true,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
    pingInterval: 10_000,
  }).finally(() => clearTimeout(waiting));
  let up = true;
  void (async () => {
    for await (const s of connection.status()) {
      if (s.type === 'disconnect' || s.type === 'reconnect') {
        up = s.type === 'reconnect';
        d.log.warn({ status: s.type }, 'NATS connection');
      }
    }
  })();
  const bus = await NatsBus.open(connection, { log: d.log, replicas: d.replicas ?? 1, probe: d.probe });
  const served: { close(): Promise<void> }[] = [];
  return {
    connection,
    bus,
    serveTasks: (recorderId, local, status) => {
      served.push(serveCameraTasks(connection, recorderId, local, { log: d.log, status }));
    },
    routedTasks: (recorderOf, everyRecorder) =>
      new RoutedCameraTasks({
        transport: new NatsTaskTransport(connection),
        recorderOf,
        everyRecorder,
        log: d.log,
      }),
    routedStatus: (recordersOf) =>
      new RoutedCameraStatus({ transport: new NatsTaskTransport(connection), recordersOf, log: d.log }),
    status: () => (!up || connection.isClosed() ? 'down' : bus.stalled() ? 'stalled' : 'up'),
    close: async () => {
      for (const s of served) await s.close();
      await bus.close();
      // Drain: what was published is flushed before the connection closes.
      await connection.drain().catch(() => connection.close());
    },
  };
}
