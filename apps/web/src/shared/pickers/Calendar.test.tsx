import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../i18n/index.ts';
import { loadCalendar } from './Calendar.tsx';
import { DatePicker } from './DatePicker.tsx';
import { DateRangePicker } from './DateRangePicker.tsx';

// The calendar and the popover's layer load lazily: loaded once here, so no test waits on the first import.
beforeAll(async () => {
  initI18n('en');
  await Promise.all([loadCalendar(), import('./PopoverLayer.tsx')]);
}, 30_000);
afterEach(cleanup);

function Day({ picked, min }: { picked: string[]; min?: string }) {
  const [value, setValue] = useState('2026-11-25');
  return (
    <DatePicker
      label="Day"
      value={value}
      min={min}
      onChange={(d) => {
        picked.push(d);
        setValue(d);
      }}
    />
  );
}

const cellOf = (day: string) =>
  screen.getByRole('button', { name: day }).closest('[role="gridcell"]') as Element;
const focused = () => document.activeElement?.getAttribute('aria-label');
const key = (k: string, shiftKey = false) =>
  act(() => {
    fireEvent.keyDown(document.activeElement as Element, { key: k, shiftKey });
  });

// Each key re-renders the month's grid: on a busy two-core machine a test of a dozen keys can pass 5 s.
describe('Calendar on react-day-picker (decision 0887)', { timeout: 20_000 }, () => {
  it('opens on the value, named, and moves by day, week, month and year from the keyboard', async () => {
    const picked: string[] = [];
    render(<Day picked={picked} />);
    fireEvent.click(screen.getByRole('button', { name: /^Day:\s?2026-11-25/ }));
    const grid = await screen.findByRole('grid', { name: 'November 2026' }, { timeout: 5000 });
    // The panel is a non-modal dialog named by the picker's label, as its button's aria-haspopup says.
    expect(within(screen.getByRole('dialog', { name: 'Day' })).getByRole('grid')).toBe(grid);
    // Monday first; November 2026 starts on a Sunday: 6 weeks.
    // (The weekday header row is hidden from screen readers: each day's name says its weekday.)
    expect([...grid.querySelectorAll('th')].map((h) => h.textContent)).toEqual([
      'M',
      'T',
      'W',
      'T',
      'F',
      'S',
      'S',
    ]);
    expect(within(grid).getAllByRole('row')).toHaveLength(6);
    expect(focused()).toBe('Wednesday, November 25, 2026 (selected)');
    expect(cellOf('Wednesday, November 25, 2026 (selected)').getAttribute('aria-selected')).toBe('true');
    key('ArrowRight');
    expect(focused()).toBe('Thursday, November 26, 2026');
    key('Home');
    expect(focused()).toBe('Monday, November 23, 2026');
    key('End');
    expect(focused()).toBe('Sunday, November 29, 2026');
    key('ArrowUp');
    expect(focused()).toBe('Sunday, November 22, 2026');
    key('PageDown');
    expect(focused()).toBe('Tuesday, December 22, 2026');
    expect(screen.getByRole('grid', { name: 'December 2026' })).toBeTruthy();
    key('PageUp', true);
    expect(focused()).toBe('Monday, December 22, 2025');
    key('PageDown', true);
    key('PageUp');
    key('ArrowDown');
    expect(focused()).toBe('Sunday, November 29, 2026');
    fireEvent.click(document.activeElement as Element);
    expect(picked).toEqual(['2026-11-29']);
    expect(screen.queryByRole('grid')).toBeNull();
    // Focus goes back to the picker's button.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /^Day:\s?2026-11-29/ }));
  });

  it('skips days before min and does not pick them', async () => {
    const picked: string[] = [];
    render(<Day picked={picked} min="2026-11-24" />);
    fireEvent.click(screen.getByRole('button', { name: /^Day:\s?2026-11-25/ }));
    await screen.findByRole('grid', {}, { timeout: 5000 });
    const before = screen.getByRole('button', { name: 'Monday, November 23, 2026' }) as HTMLButtonElement;
    expect(before.disabled).toBe(true);
    key('ArrowLeft');
    expect(focused()).toBe('Tuesday, November 24, 2026');
    key('ArrowLeft');
    // Nothing earlier can be picked: focus stays.
    expect(focused()).toBe('Tuesday, November 24, 2026');
    fireEvent.click(before);
    expect(picked).toEqual([]);
  });

  it('shows 6 weeks for a February that fills 4, and 5 for a month that fills 5', async () => {
    render(<DateRangePicker label="Days" start="2027-02-10" end="2027-02-12" onChange={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: /^Days:\s?2027-02-10 – 2027-02-12/ }));
    const grid = await screen.findByRole('grid', { name: 'February 2027' }, { timeout: 5000 });
    expect(within(grid).getAllByRole('row')).toHaveLength(6);
    expect(cellOf('Thursday, February 11, 2027').className).toMatch(/bg-accent\/15/);
    fireEvent.click(screen.getByRole('button', { name: 'Next month' }));
    const march = await screen.findByRole('grid', { name: 'March 2027' });
    expect(within(march).getAllByRole('row')).toHaveLength(5);
  });

  it('picks a range: the first press the start, the second the end', async () => {
    const said: string[] = [];
    render(
      <DateRangePicker
        label="Days"
        start="2026-11-10"
        end="2026-11-10"
        maxDateDifference={7}
        onChange={(a, b) => said.push(`${a}/${b}`)}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: /^Days:\s?2026-11-10/ }));
    await screen.findByRole('grid', {}, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: 'Thursday, November 12, 2026' }));
    expect(screen.getByText('Choose the last day')).toBeTruthy();
    expect(
      (screen.getByRole('button', { name: 'Saturday, November 21, 2026' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Sunday, November 15, 2026' }));
    expect(said).toEqual(['2026-11-12/2026-11-15']);
  });
});
