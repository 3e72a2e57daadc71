import { describe, expect, it } from 'vitest';
import { evaluateAlerts } from './alert-rules.ts';

describe('alert rules', () => {
  it('fires each rule only above its threshold', () => {
    const quiet = evaluateAlerts({
      bytesShortOfWatermark: 0,
      missedHeartbeats: 2,
      errorReportsPerMin: 10,
      databaseDown: false,
    });
    expect(quiet.map((a) => [a.id, a.firing, a.value, a.threshold])).toEqual([
      ['disk_over_watermark', false, 0, 0],
      ['recorder_missing_heartbeats', false, 2, 2],
      ['error_report_rate', false, 10, 10],
      ['database_down', false, 0, 0],
      ['nats_down', false, null, 0],
    ]);
    const loud = evaluateAlerts({
      bytesShortOfWatermark: 1,
      missedHeartbeats: 3,
      errorReportsPerMin: 10.2,
      databaseDown: true,
      nats: 'down',
    });
    expect(loud.map((a) => [a.id, a.firing, a.value])).toEqual([
      ['disk_over_watermark', true, 1],
      ['recorder_missing_heartbeats', true, 3],
      ['error_report_rate', true, 10.2],
      ['database_down', true, 1],
      ['nats_down', true, 1],
    ]);
  });

  it('does not fire what is not measured here', () => {
    const alerts = evaluateAlerts({
      bytesShortOfWatermark: undefined,
      missedHeartbeats: undefined,
      errorReportsPerMin: 0,
      databaseDown: false,
    });
    expect(alerts.filter((a) => a.value === null).map((a) => [a.id, a.firing])).toEqual([
      ['disk_over_watermark', false],
      ['recorder_missing_heartbeats', false],
      ['nats_down', false],
    ]);
  });

  it('fires the NATS rule while the bus is unreachable or its consumer stalled (decision 0712)', () => {
    const nats = (s: 'up' | 'down' | 'stalled') =>
      evaluateAlerts({
        bytesShortOfWatermark: 0,
        missedHeartbeats: 0,
        errorReportsPerMin: 0,
        databaseDown: false,
        nats: s,
      })
        .filter((a) => a.id === 'nats_down')
        .map((a) => [a.value, a.firing]);
    expect([nats('up'), nats('down'), nats('stalled')]).toEqual([[[0, false]], [[1, true]], [[2, true]]]);
  });
});
