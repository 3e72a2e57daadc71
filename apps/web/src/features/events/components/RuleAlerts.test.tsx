import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../shared/i18n/index.ts';
import type { RuleAlert } from '../realtime/use-alerts.ts';
import { alertChange } from '../realtime/use-alerts.ts';
import { RuleAlerts, withRuleAlert } from './RuleAlerts.tsx';

beforeAll(() => initI18n('en'));
afterEach(cleanup);

const alert = (ruleId: string, id: string, ruleName = 'Person at the gate'): RuleAlert => ({
  uidd: 'owner.cam1',
  id,
  ruleId,
  ruleName,
  areaName: 'Driveway',
  objectClass: 'person',
  confidence: 0.9,
  notify: true,
});

describe('rule alerts on the events page (decision 0704)', () => {
  it('takes ruleAlert messages apart from new events', () => {
    expect(alertChange({ type: 'ruleAlert' })).toBe('rule');
  });

  it('keeps the newest first, once per rule and event, at most five', () => {
    let list: RuleAlert[] = [];
    for (const n of [1, 2, 3, 4, 5, 6]) list = withRuleAlert(list, alert('r1', `e${n}`));
    list = withRuleAlert(list, alert('r1', 'e6'));
    expect(list.map((a) => a.id)).toEqual(['e6', 'e5', 'e4', 'e3', 'e2']);
  });

  it('says each in a live region: rule, object, area and camera', () => {
    render(<RuleAlerts alerts={[alert('r1', 'e1')]} cameraName={() => 'Front gate'} />);
    expect(screen.getByRole('heading', { name: 'Rule alerts' })).toBeTruthy();
    expect(screen.getByRole('log').textContent).toBe('Person at the gate: person in Driveway (Front gate)');
  });

  it('draws nothing while no rule matched', () => {
    const { container } = render(<RuleAlerts alerts={[]} cameraName={(u) => u} />);
    expect(container.textContent).toBe('');
  });
});
