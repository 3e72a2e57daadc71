import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import {
  type ConsumerMessages,
  DeliverPolicy,
  DiscardPolicy,
  JetStreamApiError,
  type JetStreamClient,
  jetstream,
  jetstreamManager,
  StorageType,
  type StreamConfig,
} from '@nats-io/jetstream';
import { type NatsConnection, nanos } from '@nats-io/transport-node';
import {
  AlertData,
  AlertUpdatedData,
  LiveMovedData,
  LiveSessionData,
  type RealtimeMessage,
  RuleAlertData,
} from '@vigil/contracts';
import { z } from 'zod';
import type { RealtimeBus } from './bus.ts';
import { ConsumerProbe } from './consumer-probe.ts';

/** What the bus says about trouble it recovers from (a pino or Fastify logger fits). */
export interface BusLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface NatsBusOptions {
  /** The JetStream stream (default VIGIL_RT); tests use their own. */
  stream?: string;
  /** Subjects are `<prefix>.<type>` (default `vigil.rt`). */
  subjectPrefix?: string;
  /** How long the stream keeps a message (default 5 min): a server away longer misses it (decision 0603). */
  maxAgeMs?: number;
  /** The stream's publish de-duplication window, and how long a consumer remembers ids (default 2 min). */
  dedupWindowMs?: number;
  /** The stream's own window, when it must differ from the consumers' (tests: default dedupWindowMs). */
  streamDedupWindowMs?: number;
  /** How long a publish is retried (same id) before it is given up (default 60 s). */
  publishRetryMs?: number;
  /** The stream's replicas (default 1; 3 on a JetStream cluster, decision 0617). */
  replicas?: number;
  /** How long opening waits for JetStream to take the stream (a cluster electing its leaders; default 60 s). */
  openWaitMs?: number;
  /** The consumer probe's interval and stall time (decision 0712; tests shorten them). */
  probe?: { intervalMs?: number; stallMs?: number };
  log?: BusLog;
}

/** What a server accepts from the stream: anyone who may publish on NATS could put anything there. */
const Incoming = z.discriminatedUnion('type', [
  z.object({ type: z.literal('liveSession'), data: LiveSessionData }),
  z.object({ type: z.literal('alert'), data: AlertData }),
  z.object({ type: z.literal('alertUpdated'), data: AlertUpdatedData }),
  z.object({ type: z.literal('liveMoved'), data: LiveMovedData }),
  z.object({ type: z.literal('ruleAlert'), data: RuleAlertData }),
]);

type Settings = Required<Omit<NatsBusOptions, 'log' | 'probe'>> & { log: BusLog | undefined };

/** Of the stream: bounded by age and size, so a burst or a forgotten stream cannot fill the NATS disk. */
const MAX_STREAM_BYTES = 256 * 1024 ** 2;
/** Ids a consumer remembers at most (a minute of alerts of a large fleet). */
const MAX_SEEN_IDS = 50_000;
/** A publish not acknowledged by then is sent again (same id: the stream keeps one). */
const PUBLISH_TIMEOUT_MS = 2_000;
const CONSUME_EXPIRES_MS = 5_000;

/**
 * The realtime bus over NATS JetStream (decision 0603): every instance publishes to one stream and reads every
 * new message of it with its own ordered consumer, and hands each to its SSE streams. At least once: a publish
 * is retried with the same message id until the stream acknowledges it (the stream drops the duplicates within its
 * window), and each consumer drops ids it has already handed out (a redelivery after a reconnect).
 */
export class NatsBus implements RealtimeBus {
  readonly #emitter = new EventEmitter();
  readonly #js: JetStreamClient;
  readonly #prefix: string;
  readonly #o: Settings;
  readonly #seen = new Map<string, number>();
  readonly #pending = new Set<Promise<void>>();
  #messages: ConsumerMessages | undefined;
  #consuming: Promise<void> | undefined;
  #closed = false;
  /** The stream sequence of the last message read (or the stream's last at open): a new consumer starts after it. */
  #lastSeq = 0;
  /** Bumped at each consumer made: a replaced consumer's loop stops handing messages out. */
  #generation = 0;
  #recreating = false;
  readonly #probe: ConsumerProbe;

  private constructor(nc: NatsConnection, o: Settings, probe: NatsBusOptions['probe']) {
    this.#emitter.setMaxListeners(0);
    this.#js = jetstream(nc);
    this.#o = o;
    this.#prefix = o.subjectPrefix;
    this.#probe = new ConsumerProbe(async (id) => {
      await this.#js.publish(`${this.#prefix}.probe`, '{}', { msgID: id, timeout: PUBLISH_TIMEOUT_MS });
    }, probe);
  }

  /** Whether this instance's consumer stopped handing messages out (a probe not read back, decision 0712). */
  stalled(): boolean {
    return this.#probe.stalled();
  }

  /** Creates (or updates) the stream, then starts reading new messages. */
  static async open(nc: NatsConnection, options: NatsBusOptions = {}): Promise<NatsBus> {
    const bus = new NatsBus(
      nc,
      {
        stream: options.stream ?? 'VIGIL_RT',
        subjectPrefix: options.subjectPrefix ?? 'vigil.rt',
        maxAgeMs: options.maxAgeMs ?? 5 * 60_000,
        dedupWindowMs: options.dedupWindowMs ?? 2 * 60_000,
        streamDedupWindowMs: options.streamDedupWindowMs ?? options.dedupWindowMs ?? 2 * 60_000,
        publishRetryMs: options.publishRetryMs ?? 60_000,
        replicas: options.replicas ?? 1,
        openWaitMs: options.openWaitMs ?? 60_000,
        log: options.log,
      },
      options.probe,
    );
    await bus.#ensureStream(nc);
    await bus.#startConsumer();
    bus.#watchConnection(nc);
    return bus;
  }

  publish(message: RealtimeMessage): void {
    if (this.#closed) return;
    const id = messageId(message);
    const done = this.#publishWithRetry(message, id).finally(() => this.#pending.delete(done));
    this.#pending.add(done);
  }

  subscribe(listener: (message: RealtimeMessage) => void): () => void {
    this.#emitter.on('message', listener);
    return () => this.#emitter.off('message', listener);
  }

  /** Gives the publishes under way a moment to land, then stops reading (the connection is the caller's). */
  async close(graceMs = 2_000): Promise<void> {
    const grace = new Promise((r) => setTimeout(r, graceMs).unref());
    await Promise.race([Promise.allSettled(this.#pending), grace]);
    this.#closed = true;
    this.#probe.stop();
    await this.#messages?.close();
    await this.#consuming;
  }

  /**
   * A JetStream cluster that is starting (its nodes joining, its meta leader elected) refuses stream requests for a
   * few seconds: wait for it as for the database (decision 0015) instead of failing the process's start.
   */
  async #ensureStream(nc: NatsConnection): Promise<void> {
    const deadline = Date.now() + this.#o.openWaitMs;
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.#putStream(nc);
      } catch (err) {
        if (Date.now() > deadline) throw err;
        if (attempt === 1) this.#o.log?.warn({ err: String(err) }, 'JetStream not ready; waiting for it…');
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  }

  async #putStream(nc: NatsConnection): Promise<void> {
    const jsm = await jetstreamManager(nc);
    const config: Partial<StreamConfig> & { name: string } = {
      name: this.#o.stream,
      subjects: [`${this.#prefix}.>`],
      // File: a NATS restart keeps what servers have not read yet (memory would lose it). Messages are small.
      storage: StorageType.File,
      max_age: nanos(this.#o.maxAgeMs),
      max_bytes: MAX_STREAM_BYTES,
      discard: DiscardPolicy.Old,
      duplicate_window: nanos(Math.min(this.#o.streamDedupWindowMs, this.#o.maxAgeMs)),
      num_replicas: this.#o.replicas,
    };
    try {
      await jsm.streams.info(config.name);
      // Another instance may have made it with other limits: ours (the same for every instance) win.
      this.#lastSeq = (await jsm.streams.update(config.name, config)).state.last_seq;
    } catch (err) {
      if (!(err instanceof JetStreamApiError) || err.code !== 10059) throw err;
      this.#lastSeq = (await jsm.streams.add(config)).state.last_seq;
    }
  }

  /**
   * The client library recreates an ordered consumer it finds deleted, but on a JetStream cluster whose node held the
   * consumer (ordered consumers have one replica) died, asking for the consumer times out instead, and the library
   * waits for ever (decision 0617): after a reconnect, or two missed heartbeats, this bus makes a new consumer from
   * the next sequence it has not read. Messages read twice are dropped by their ids.
   */
  #watchConnection(nc: NatsConnection): void {
    void (async () => {
      for await (const s of nc.status()) if (s.type === 'reconnect') void this.#recreate('reconnected');
    })();
  }

  async #recreate(reason: string): Promise<void> {
    if (this.#recreating || this.#closed) return;
    this.#recreating = true;
    this.#o.log?.warn({ reason, from: this.#lastSeq + 1 }, 'realtime consumer made again');
    const old = this.#messages;
    this.#generation++;
    // Closing a consumer whose node is gone may not answer: not waited for beyond a moment.
    await Promise.race([old?.close().catch(() => {}), new Promise((r) => setTimeout(r, 1_000).unref())]);
    for (let attempt = 0; !this.#closed; attempt++) {
      try {
        await this.#startConsumer();
        break;
      } catch (err) {
        if (attempt === 0)
          this.#o.log?.warn({ err: String(err) }, 'realtime consumer not made yet; retrying');
        await new Promise((r) => setTimeout(r, Math.min(250 * 2 ** attempt, 2_000)));
      }
    }
    this.#recreating = false;
  }

  async #startConsumer(): Promise<void> {
    // Ordered and ephemeral: each instance reads every message once, in order; after a dropped connection it is
    // recreated at the next sequence it has not seen (the stream kept the messages meanwhile).
    const consumer = await this.#js.consumers.get(this.#o.stream, {
      deliver_policy: DeliverPolicy.StartSequence,
      opt_start_seq: this.#lastSeq + 1,
    });
    const generation = ++this.#generation;
    // Short pulls: a pull lost in a NATS restart shows as missed heartbeats (half of `expires`) and the consumer
    // is reset within seconds instead of the default 30 s.
    const messages = await consumer.consume({ expires: CONSUME_EXPIRES_MS });
    this.#messages = messages;
    this.#consuming = (async () => {
      for await (const m of messages) {
        if (generation !== this.#generation) break;
        this.#lastSeq = Math.max(this.#lastSeq, m.info.streamSequence);
        const id = m.headers?.get('Nats-Msg-Id') || `${m.info.streamSequence}`;
        // Probes (decision 0712) are the bus's own: this instance's answered, every one dropped unread.
        if (m.subject === `${this.#prefix}.probe`) {
          this.#probe.read(id);
          continue;
        }
        if (this.#remember(id)) continue;
        let parsed: ReturnType<typeof Incoming.safeParse> | undefined;
        try {
          parsed = Incoming.safeParse(m.json());
        } catch {
          parsed = undefined;
        }
        if (!parsed?.success) {
          this.#o.log?.warn({ subject: m.subject, id }, 'realtime message of unknown shape dropped');
          continue;
        }
        this.#emitter.emit('message', parsed.data satisfies RealtimeMessage);
      }
    })();
    void (async () => {
      for await (const s of messages.status()) {
        if (generation !== this.#generation) break;
        if (s.type === 'ordered_consumer_recreated' || s.type === 'heartbeats_missed')
          this.#o.log?.info({ status: s }, 'realtime consumer recovering');
        if (s.type === 'heartbeats_missed' && s.count >= 2) void this.#recreate('heartbeats missed');
      }
    })();
  }

  /** Whether the id was handed out within the window; remembers it either way. */
  #remember(id: string): boolean {
    const now = Date.now();
    // Oldest first (insertion order): forget those out of the window, and the oldest beyond the bound.
    for (const [old, at] of this.#seen) {
      if (now - at < this.#o.dedupWindowMs && this.#seen.size < MAX_SEEN_IDS) break;
      this.#seen.delete(old);
    }
    if (this.#seen.has(id)) return true;
    this.#seen.set(id, now);
    return false;
  }

  async #publishWithRetry(message: RealtimeMessage, id: string): Promise<void> {
    const subject = `${this.#prefix}.${message.type}`;
    const payload = JSON.stringify(message);
    const deadline = Date.now() + this.#o.publishRetryMs;
    for (let attempt = 1; ; attempt++) {
      try {
        await this.#js.publish(subject, payload, { msgID: id, timeout: PUBLISH_TIMEOUT_MS });
        return;
      } catch (err) {
        if (this.#closed || Date.now() > deadline) {
          this.#o.log?.warn({ id, type: message.type, err: String(err) }, 'realtime message not published');
          return;
        }
        if (attempt === 1) this.#o.log?.info({ id, err: String(err) }, 'realtime publish retried');
        await new Promise((r) => setTimeout(r, Math.min(100 * 2 ** attempt, 2_000)));
      }
    }
  }
}

/**
 * The message's own identity where it has one (an alert is its event; an event's change is the event and the
 * change), so a recorder re-announcing it after a restart is dropped as a duplicate; else a fresh id, which still
 * de-duplicates this publish's retries.
 */
export function messageId(m: RealtimeMessage): string {
  switch (m.type) {
    case 'alert':
      return `alert:${m.data.id}`;
    case 'alertUpdated':
      // Labels may be stored again (a relabel); ended happens once.
      return m.data.change === 'ended' ? `ended:${m.data.id}` : `labels:${m.data.id}:${randomUUID()}`;
    case 'liveSession':
      return `live:${randomUUID()}`;
    case 'liveMoved':
      return `moved:${randomUUID()}`;
    case 'ruleAlert':
      // One alert per rule and event, whoever announces it.
      return `rule:${m.data.ruleId}:${m.data.id}`;
  }
}
