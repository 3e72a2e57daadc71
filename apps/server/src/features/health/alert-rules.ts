import type { HealthAlert, NatsStatus } from '@vigil/contracts';

/**
 * The health screen's alert rules (decision 0721), as data: each fires while its measured value is above its
 * threshold. The same values are exported at /metrics (`vigil_alert_value`, `vigil_alert_firing`), so Prometheus
 * alerting can use them without the app. Decision 0721 explains each for operators.
 */
export interface AlertRule {
  id: HealthAlert['id'];
  threshold: number;
  summary: string;
}

/** Error reports per minute are averaged over this window (a burst from one broken page is not an outage). */
export const ERROR_RATE_WINDOW_MS = 5 * 60_000;

export const ALERT_RULES: readonly AlertRule[] = [
  {
    id: 'disk_over_watermark',
    threshold: 0,
    summary: 'Bytes the recordings disk is short of its free-space watermark (decision 0208)',
  },
  {
    id: 'recorder_missing_heartbeats',
    // A recorder beats every third of the lease time; three missed beats and its leases have expired.
    threshold: 2,
    summary: 'Heartbeats missed by the most silent registered recorder (one every third of LEASE_TTL_SEC)',
  },
  {
    id: 'error_report_rate',
    threshold: 10,
    summary: 'Browser error reports per minute, every account, over the last 5 minutes',
  },
  { id: 'database_down', threshold: 0, summary: '1 while the database does not answer a query' },
  {
    id: 'nats_down',
    threshold: 0,
    // Decision 0712: connected is not enough; the consumer must hand back this server's probes.
    summary: 'The realtime bus: 1 while NATS is unreachable, 2 while its JetStream consumer is stalled',
  },
];

/** The NATS rule's value for each state of the bus (decision 0712). */
const NATS_VALUE: Record<NatsStatus, number> = { up: 0, down: 1, stalled: 2 };

/** What the rules are evaluated on; undefined: not measured here (no recorder, no fleet). */
export interface HealthFacts {
  bytesShortOfWatermark: number | undefined;
  missedHeartbeats: number | undefined;
  errorReportsPerMin: number;
  databaseDown: boolean;
  /** Where the process uses NATS (NATS_URL): the bus now. */
  nats?: NatsStatus | undefined;
}

export function evaluateAlerts(facts: HealthFacts, rules: readonly AlertRule[] = ALERT_RULES): HealthAlert[] {
  const value: Record<AlertRule['id'], number | undefined> = {
    disk_over_watermark: facts.bytesShortOfWatermark,
    recorder_missing_heartbeats: facts.missedHeartbeats,
    error_report_rate: facts.errorReportsPerMin,
    database_down: facts.databaseDown ? 1 : 0,
    nats_down: facts.nats === undefined ? undefined : NATS_VALUE[facts.nats],
  };
  return rules.map((r) => {
    const v = value[r.id];
    return {
      id: r.id,
      firing: v !== undefined && v > r.threshold,
      value: v ?? null,
      threshold: r.threshold,
      summary: r.summary,
    };
  });
}
