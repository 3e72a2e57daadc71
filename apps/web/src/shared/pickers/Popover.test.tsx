import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../i18n/index.ts';
import { Modal } from '../ui/Modal.tsx';
import { Popover } from './Popover.tsx';

beforeAll(() => initI18n('en'));
afterEach(cleanup);

/** A picker's button and its panel, as DatePicker lays them out. */
function Picker({ said }: { said: string[] }) {
  const [open, setOpen] = useState(false);
  return (
    <div>
      <button type="button" onClick={() => setOpen((o) => !o)}>
        Day
      </button>
      <Popover
        open={open}
        onClose={() => {
          said.push('close');
          setOpen(false);
        }}
      >
        <button type="button">12</button>
      </Popover>
    </div>
  );
}

// The layer listens for presses from the task after it opened (so the press that opened it does not close it).
const nextTask = () => act(() => new Promise((r) => setTimeout(r, 0)));

describe('Popover on Radix’s dismissable layer (decision 0880)', () => {
  it('closes on a press elsewhere, not on its own button’s toggle', async () => {
    const said: string[] = [];
    render(
      <>
        <Picker said={said} />
        <p>Elsewhere</p>
      </>,
    );
    const day = screen.getByRole('button', { name: 'Day' });
    fireEvent.click(day);
    expect(await screen.findByRole('button', { name: '12' })).toBeTruthy();
    await nextTask();
    // The button's own press is its toggle's, which closes it once.
    fireEvent.pointerDown(day);
    fireEvent.click(day);
    expect(screen.queryByRole('button', { name: '12' })).toBeNull();
    expect(said).toEqual([]);
    fireEvent.click(day);
    await screen.findByRole('button', { name: '12' });
    await nextTask();
    fireEvent.pointerDown(screen.getByText('Elsewhere'));
    expect(said).toEqual(['close']);
    expect(screen.queryByRole('button', { name: '12' })).toBeNull();
  });

  it('inside a dialog, Escape closes the picker first and the dialog next', async () => {
    const said: string[] = [];
    render(
      <Modal title="Download" onClose={() => said.push('dialog')}>
        <Picker said={said} />
      </Modal>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Day' }));
    const twelve = await screen.findByRole('button', { name: '12' });
    twelve.focus();
    fireEvent.keyDown(twelve, { key: 'Escape' });
    expect(said).toEqual(['close']);
    expect(screen.getByRole('dialog', { name: 'Download' })).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('button', { name: 'Day' }), { key: 'Escape' });
    expect(said).toEqual(['close', 'dialog']);
  });
});
