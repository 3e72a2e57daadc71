import type { Camera } from '@vigil/contracts';
import { useState } from 'react';
import { can } from './visible-cameras.ts';

/** The switch's save, as a react-query mutation gives it. */
interface SwitchSave {
  mutate: (v: { uidd: string; enabled: boolean }, o: { onSettled: () => void }) => void;
  isPending: boolean;
  isError: boolean;
}

/**
 * A per-camera add-on switch list (the LPR add-on 0791, the PPE check 0871): a switch for each camera whose
 * settings the person may change, the others showing their state only. Folded away: set once, read rarely.
 * While a switch is being saved it shows what was asked for, from the click on (the mutation's own pending state
 * reaches the screen a tick later, and the controlled box would flick back), then the server's answer once the
 * list is fetched again.
 */
export function AddOnSwitches({
  cameras,
  enabled,
  save,
  texts,
  open,
}: {
  cameras: readonly Camera[];
  /** The cameras with the add-on on; undefined while they are being read. */
  enabled: readonly string[] | undefined;
  save: SwitchSave;
  texts: { title: string; hint: string; failed: string };
  open?: boolean;
}) {
  const on = new Set(enabled ?? []);
  const [asked, setAsked] = useState<ReadonlyMap<string, boolean>>(new Map());
  const shown = (uidd: string) => asked.get(uidd) ?? on.has(uidd);
  const toggle = (uidd: string, value: boolean) => {
    setAsked((m) => new Map(m).set(uidd, value));
    save.mutate(
      { uidd, enabled: value },
      {
        onSettled: () =>
          setAsked((m) => {
            const next = new Map(m);
            next.delete(uidd);
            return next;
          }),
      },
    );
  };
  if (!cameras.length) return null;
  return (
    <details className="mt-4 rounded-lg border border-neutral-200 bg-white p-3" open={open}>
      <summary className="cursor-pointer text-sm font-medium">{texts.title}</summary>
      <p className="mt-2 text-xs text-neutral-600">{texts.hint}</p>
      <ul className="mt-2 grid gap-2 sm:grid-cols-2">
        {cameras.map((c) => (
          <li key={c.uidd}>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="h-5 w-5"
                checked={shown(c.uidd)}
                disabled={!can(c, 'cameraSettings') || !enabled || save.isPending || asked.size > 0}
                onChange={(e) => toggle(c.uidd, e.target.checked)}
              />
              {c.name}
            </label>
          </li>
        ))}
      </ul>
      {save.isError && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {texts.failed}
        </p>
      )}
    </details>
  );
}
