import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect as tcpConnect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';

/** The shared NATS with JetStream of these machines (scripts/ensure-system-deps.sh starts it). */
export const SHARED_NATS_URL = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';

/** A name no other test (or helper running at the same time) uses: streams and subjects are per test. */
export const uniqueName = (prefix: string) => `${prefix}${randomBytes(5).toString('hex')}`;

/** A client that keeps reconnecting (as the server's): tests kill the NATS server under it. */
export const natsClient = (url: string, name = 'vigil-test'): Promise<NatsConnection> =>
  connect({ servers: url, name, maxReconnectAttempts: -1, reconnectTimeWait: 100, pingInterval: 1_000 });

const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = tcpConnect({ host: '127.0.0.1', port }, () => {
      s.destroy();
      resolve(true);
    });
    s.on('error', () => resolve(false));
  });

/**
 * A nats-server of the test's own (JetStream, its store dir kept across restarts), so the test can kill it with
 * SIGKILL and start it again on the same port and store, as a crash and restart would.
 */
export class OwnNatsServer {
  #proc: ChildProcess | undefined;
  readonly port: number;
  readonly storeDir: string;
  readonly #args: readonly string[];

  private constructor(port: number, storeDir: string, args: readonly string[]) {
    this.port = port;
    this.storeDir = storeDir;
    this.#args = args;
  }

  /** `args`: more of nats-server's options (`--user`, `--pass`, `--auth`). */
  static async start(port: number, args: readonly string[] = []): Promise<OwnNatsServer> {
    const server = new OwnNatsServer(port, await mkdtemp(join(tmpdir(), 'vigil-nats-')), args);
    await server.restart();
    return server;
  }

  get url(): string {
    return `nats://127.0.0.1:${this.port}`;
  }

  /** Starts the process (again) and waits until it accepts connections. */
  async restart(): Promise<void> {
    const bin = process.env.NATS_SERVER_BIN ?? 'nats-server';
    // Something left on the port (a run that died) would answer in its place.
    if (await portOpen(this.port)) throw new Error(`port ${this.port} is taken: not starting nats-server`);
    const args = ['-a', '127.0.0.1', '-p', `${this.port}`, '-js', '-sd', this.storeDir, ...this.#args];
    this.#proc = spawn(bin, args, { stdio: 'ignore' });
    let failed: Error | undefined;
    this.#proc.on('error', (err) => {
      failed = err;
    });
    const deadline = Date.now() + 10_000;
    while (!(await portOpen(this.port))) {
      if (failed) throw new Error(`nats-server not started (${bin}): ${failed.message}`);
      if (Date.now() > deadline) throw new Error(`nats-server did not start on ${this.port}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** SIGSTOP: the process holds its connections but answers nothing, as a hung server (decision 0712). */
  pause(): void {
    this.#proc?.kill('SIGSTOP');
  }

  resume(): void {
    this.#proc?.kill('SIGCONT');
  }

  /** SIGKILL: no goodbye to the clients, as a crash. */
  async kill(): Promise<void> {
    const proc = this.#proc;
    // Exited, or killed before (a signal leaves exitCode null): its 'exit' has fired already, waiting would hang.
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    const exited = new Promise((r) => proc.once('exit', r));
    proc.kill('SIGKILL');
    await exited;
  }

  async stop(): Promise<void> {
    await this.kill();
    await rm(this.storeDir, { recursive: true, force: true });
  }
}

/**
 * A NATS JetStream cluster of the test's own (decision 0617): one `OwnNatsServer` per node, named `n1`, `n2`…,
 * routed to each other on `routePorts`; resolves once JetStream answers (its meta leader elected).
 */
export async function startNatsCluster(
  ports: readonly number[],
  routePorts: readonly number[],
): Promise<{ nodes: OwnNatsServer[]; url: string }> {
  const routes = routePorts.map((p) => `nats://127.0.0.1:${p}`).join(',');
  const nodes = await Promise.all(
    ports.map((port, i) =>
      OwnNatsServer.start(port, [
        '--server_name',
        `n${i + 1}`,
        '--cluster_name',
        'vigil-test',
        '--cluster',
        `nats://127.0.0.1:${routePorts[i]}`,
        '--routes',
        routes,
      ]),
    ),
  );
  const url = nodes.map((n) => n.url).join(',');
  const nc = await natsClient(url);
  try {
    const deadline = Date.now() + 30_000;
    for (;;) {
      // The manager asks for the account's JetStream at once: it fails until the cluster elected its meta leader.
      const ready = await jetstreamManager(nc).then(
        () => true,
        () => false,
      );
      if (ready) break;
      if (Date.now() > deadline) {
        for (const n of nodes) await n.stop();
        throw new Error('the NATS cluster’s JetStream did not become ready');
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  } finally {
    await nc.close();
  }
  return { nodes, url };
}
