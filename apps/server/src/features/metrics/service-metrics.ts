import type { HealthAlert } from '@vigil/contracts';
import type { DbHandle } from '@vigil/db';
import { sql } from 'kysely';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { RecordingPort } from '../recording/recording.ts';
import { EndpointTimings } from './endpoint-timings.ts';

/**
 * The service's figures in Prometheus' format (`GET /metrics`, decision 0720): answer times per endpoint, the
 * database's state, the recordings' disk and the recorder's backlog, and the process' own (memory, CPU, event loop).
 */
export class ServiceMetrics {
  readonly registry = new Registry();
  readonly timings = new EndpointTimings();
  readonly #http: Histogram<'method' | 'route' | 'status_code'>;

  constructor(d: {
    database: DbHandle;
    recording: RecordingPort | undefined;
    /** The health screen's alert rules evaluated now (features/health, decision 0721). */
    alerts?: (() => Promise<HealthAlert[]>) | undefined;
  }) {
    collectDefaultMetrics({ register: this.registry, prefix: 'vigil_' });
    this.#http = new Histogram({
      name: 'vigil_http_request_duration_seconds',
      help: 'Time to answer an API request, by method, route pattern and status',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [this.registry],
    });
    new Gauge({
      name: 'vigil_database_up',
      help: '1 when a query to the database answers now, else 0',
      registers: [this.registry],
      async collect() {
        const up = await sql`SELECT 1`.execute(d.database.db).then(
          () => 1,
          () => 0,
        );
        this.set(up);
      },
    });
    const storage = () => d.recording?.storage?.();
    const gauge = (name: string, help: string, read: () => number | undefined) =>
      new Gauge({
        name,
        help,
        registers: [this.registry],
        collect() {
          const v = read();
          if (v !== undefined) this.set(v);
        },
      });
    gauge('vigil_storage_free_bytes', 'Free bytes on the recordings disk', () => storage()?.freeBytes);
    gauge('vigil_storage_total_bytes', 'Size of the recordings disk', () => storage()?.totalBytes);
    gauge(
      'vigil_storage_required_free_bytes',
      'The watermark: free bytes kept',
      () => storage()?.requiredFreeBytes,
    );
    gauge('vigil_storage_full', '1 when the watermark cannot be kept', () =>
      storage() ? Number(storage()?.state === 'full') : undefined,
    );
    gauge('vigil_recorder_pending_index_rows', 'Segments recorded and not yet in the database', () =>
      d.recording?.pendingIndexRows?.(),
    );
    if (d.alerts) this.#alertGauges(d.alerts);
  }

  /**
   * The alert rules' values, thresholds and whether each fires, by rule id. A scrape collects every metric at once
   * (prom-client starts each collect in the same tick): the three share the one evaluation in flight.
   */
  #alertGauges(alerts: () => Promise<HealthAlert[]>): void {
    let inFlight: Promise<HealthAlert[]> | undefined;
    const evaluate = () => {
      inFlight ??= alerts()
        .catch(() => [])
        .finally(() => {
          inFlight = undefined;
        });
      return inFlight;
    };
    const gauge = (name: string, help: string, read: (a: HealthAlert) => number | null) =>
      new Gauge({
        name,
        help,
        labelNames: ['alert'],
        registers: [this.registry],
        async collect() {
          for (const a of await evaluate()) {
            const v = read(a);
            if (v !== null) this.set({ alert: a.id }, v);
          }
        },
      });
    gauge('vigil_alert_value', 'What each health alert rule measures now', (a) => a.value);
    gauge('vigil_alert_threshold', 'Each health alert rule fires above this value', (a) => a.threshold);
    gauge('vigil_alert_firing', '1 while the health alert rule fires, else 0', (a) => Number(a.firing));
  }

  /** One answered request; `route` is the route's pattern, never the concrete URL (bounded labels). */
  observe(method: string, route: string, status: number, ms: number): void {
    this.#http.observe({ method, route, status_code: String(status) }, ms / 1000);
    this.timings.observe(`${method} ${route}`, ms);
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
