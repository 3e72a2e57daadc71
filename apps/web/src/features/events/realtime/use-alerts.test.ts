import { describe, expect, it } from 'vitest';
import { alertChange } from './use-alerts.ts';

describe('alerts on the events page', () => {
  it('counts new alerts; an event’s update (labels stored, ended) refreshes without counting', () => {
    expect(alertChange({ type: 'alert' })).toBe('new');
    expect(alertChange({ type: 'alertUpdated' })).toBe('updated');
    expect(alertChange({ type: 'liveSession' })).toBe(null);
  });
});
