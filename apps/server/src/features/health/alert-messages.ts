import type { HealthAlert } from '@vigil/contracts';

/** Where an alert was measured: the region, and the process for what only it measures. */
export interface AlertPlace {
  region: string;
  /** Set for a rule measured per process (its disk, its NATS connection). */
  instance?: string | undefined;
}

const where = (p: AlertPlace) => `region ${p.region}${p.instance ? `, ${p.instance}` : ''}`;

/** The chat line (Slack-compatible `text`, decision 0711): one line an operator reads in a channel. */
export function alertChatText(a: HealthAlert, p: AlertPlace): string {
  const state = a.firing ? 'FIRING' : 'RESOLVED';
  return `[Vigil ${where(p)}] ${state} ${a.id}: ${a.summary} (value ${a.value}, fires above ${a.threshold})`;
}

/** The e-mail to support. */
export function alertMail(a: HealthAlert, p: AlertPlace): { subject: string; text: string } {
  return {
    subject: `Vigil alert ${a.firing ? 'firing' : 'resolved'}: ${a.id} (${where(p)})`,
    text: [
      a.firing ? `The health alert ${a.id} started firing.` : `The health alert ${a.id} is resolved.`,
      '',
      `What it watches: ${a.summary}`,
      `Measured now: ${a.value} (it fires above ${a.threshold})`,
      `Where: ${where(p)}`,
      '',
      'The health screen shows every rule; /metrics has them as vigil_alert_firing.',
    ].join('\n'),
  };
}
