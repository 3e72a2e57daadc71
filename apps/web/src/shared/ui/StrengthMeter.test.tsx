import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../i18n/index.ts';
import { StrengthMeter } from './StrengthMeter.tsx';

beforeAll(() => {
  initI18n('en');
});
afterEach(cleanup);

const meter = () => screen.getByTestId('strength-meter');
const bar = () => screen.getByTestId('strength-bar');

describe('StrengthMeter (spec 001 §5)', () => {
  it.each([
    ['', 'tooShort', 'Too short', '0%'],
    ['1234567', 'tooShort', 'Too short', '0%'],
    ['12345678', 'weak', 'Weak', '50%'],
    ['12345678901', 'weak', 'Weak', '50%'],
    ['123456789012', 'strong', 'Strong', '100%'],
    ['a long passphrase indeed', 'strong', 'Strong', '100%'],
  ])('%j is %s', (password, strength, label, width) => {
    render(<StrengthMeter password={password} />);
    expect(meter().dataset.strength).toBe(strength);
    expect(meter().textContent).toContain(label);
    expect(bar().style.width).toBe(width);
  });

  it('counts characters as people do: emoji are one each', () => {
    render(<StrengthMeter password={'🔒'.repeat(8)} />);
    expect(meter().dataset.strength).toBe('weak');
  });

  it('never says Good', () => {
    for (let n = 0; n < 40; n += 1) {
      cleanup();
      render(<StrengthMeter password={'x'.repeat(n)} />);
      expect(meter().textContent).not.toContain('Good');
    }
  });

  it('jokes about the one common password only', () => {
    render(<StrengthMeter password="password" />);
    expect(meter().textContent).toContain('Even the cameras could guess');
    cleanup();
    render(<StrengthMeter password="passwords" />);
    expect(meter().textContent).not.toContain('Even the cameras could guess');
  });
});
