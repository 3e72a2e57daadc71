import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../i18n/index.ts';
import { OptionsList } from './OptionsList.tsx';
import type { PickerOption } from './options-list.ts';

beforeAll(() => {
  initI18n('en');
});
afterEach(cleanup);

function Harness({
  options,
  max,
  loadGroup,
}: {
  options: PickerOption[];
  max?: number;
  loadGroup?: () => Promise<PickerOption[]>;
}) {
  const [selected, setSelected] = useState(new Set<string>());
  return (
    <OptionsList
      label="Cameras"
      options={options}
      selected={selected}
      onChange={setSelected}
      max={max}
      groups={loadGroup ? [{ id: 'g', name: 'Garden' }] : []}
      loadGroup={loadGroup}
    />
  );
}
const opts = (n: number, count?: number) =>
  Array.from({ length: n }, (_, i) => ({ key: `k${i}`, label: `Camera ${i}`, count }));

describe('OptionsList (spec 001 §2, §4, §5)', () => {
  it('searches over more than 6 options; clear is disabled while nothing is selected', () => {
    const { rerender } = render(<Harness options={opts(6)} />);
    expect(screen.queryByRole('searchbox')).toBeNull();
    rerender(<Harness options={opts(7)} />);
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'camera 3' } });
    expect(screen.getAllByRole('checkbox')).toHaveLength(1);
    const clear = screen.getByRole('button', { name: 'Clear' });
    expect(clear).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('checkbox'));
    expect(clear).toHaveProperty('disabled', false);
  });

  it('select-all takes only as many as remain under the max; the rest are disabled', () => {
    render(<Harness options={opts(5)} max={3} />);
    fireEvent.click(screen.getAllByRole('checkbox')[4]!);
    fireEvent.click(screen.getByRole('button', { name: 'Select all' }));
    const boxes = screen.getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.map((b) => b.checked)).toEqual([true, true, false, false, true]);
    expect(boxes.map((b) => b.disabled)).toEqual([false, false, true, true, false]);
  });

  it('widens count badges above 99, and loads a group’s options on first expand only', async () => {
    let loads = 0;
    render(
      <Harness
        options={[
          { key: 'a', label: 'A', count: 99 },
          { key: 'b', label: 'B', count: 100 },
        ]}
        loadGroup={async () => {
          loads++;
          return [{ key: 'g1', label: 'Garden gate' }];
        }}
      />,
    );
    const [narrow, wide] = screen.getAllByTestId('badge');
    expect(narrow!.className).toContain('min-w-5');
    expect(wide!.className).toContain('min-w-9');
    const group = screen.getByRole('button', { name: /Garden/ });
    await act(async () => fireEvent.click(group));
    expect(await screen.findByText('Garden gate')).toBeTruthy();
    await act(async () => fireEvent.click(group));
    await act(async () => fireEvent.click(group));
    expect(loads).toBe(1);
  });
});
