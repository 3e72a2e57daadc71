import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../i18n/index.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { Modal } from './Modal.tsx';

beforeAll(() => initI18n('en'));
afterEach(cleanup);

/** A page with a button that opens a confirmation, and a field behind it. */
function Page({ said }: { said: string[] }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <input aria-label="Behind" />
      <button type="button" onClick={() => setOpen(true)}>
        Remove
      </button>
      {open && (
        <ConfirmDialog
          title="Remove Ann?"
          confirmLabel="Remove now"
          onConfirm={() => said.push('confirm')}
          onCancel={() => {
            said.push('cancel');
            setOpen(false);
          }}
        >
          Ann loses access.
        </ConfirmDialog>
      )}
    </>
  );
}

describe('Modal on Radix Dialog (decision 0880)', () => {
  it('is a named modal dialog that starts on Cancel and keeps Tab inside', () => {
    render(<Page said={[]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Ann?' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    const confirm = screen.getByRole('button', { name: 'Remove now' });
    expect(document.activeElement).toBe(cancel);
    // jsdom does not move focus on Tab; the library's wrap at either end is what is tested.
    confirm.focus();
    fireEvent.keyDown(confirm, { key: 'Tab' });
    expect(document.activeElement).toBe(cancel);
    fireEvent.keyDown(cancel, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(confirm);
    // Focus sent behind the dialog comes back into it.
    screen.getByRole('textbox', { name: 'Behind', hidden: true }).focus();
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(
      document.body.style.overflow === 'hidden' || document.body.hasAttribute('data-scroll-locked'),
    ).toBe(true);
  });

  it('closes on Escape and gives the focus back to the button that opened it', async () => {
    const said: string[] = [];
    render(<Page said={said} />);
    const opener = screen.getByRole('button', { name: 'Remove' });
    opener.focus();
    fireEvent.click(opener);
    expect(screen.getByRole('dialog')).toBeTruthy();
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'Escape' });
    expect(said).toEqual(['cancel']);
    expect(screen.queryByRole('dialog')).toBeNull();
    // The library gives it back after the unmount, on the next task.
    await waitFor(() => expect(document.activeElement).toBe(opener));
    expect(document.body.hasAttribute('data-scroll-locked')).toBe(false);
  });

  it('does not close on a click on the backdrop; OK closes a plain one', () => {
    const closed: string[] = [];
    render(
      <Modal title="Not available" onClose={() => closed.push('ok')}>
        Restricted.
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Not available' });
    expect(document.activeElement?.textContent).toBe('OK');
    fireEvent.pointerDown(dialog.parentElement as HTMLElement);
    expect(closed).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(closed).toEqual(['ok']);
  });
});
