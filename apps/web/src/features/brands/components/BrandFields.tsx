import { type ReactNode, useId } from 'react';
import { Field } from '../../../shared/ui/Field.tsx';
import { inputClass } from '../../../shared/ui/styles.ts';
import { useBrandsT } from '../i18n/index.ts';
import { COLOUR_FIELDS, type Draft, FLAG_NAMES, themeOf } from './brand-draft.ts';
import { ContrastList } from './ContrastList.tsx';

export type Change = (patch: Partial<Draft>) => void;

/** A titled group of fields. */
export function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-3 rounded-lg border border-neutral-200 bg-white p-4">
      <legend className="px-1 font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}

/** A labelled multi-line input. */
export function TextArea({
  label,
  value,
  onChange,
  rows = 4,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  rows?: number;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-neutral-800">
        {label}
      </label>
      <textarea
        id={id}
        rows={rows}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={`${inputClass} font-mono text-sm`}
      />
    </div>
  );
}

/** The brand's flags: which routes and features its users get (spec 000 §2). */
export function FeatureFields({ draft, change }: { draft: Draft; change: Change }) {
  const tb = useBrandsT();
  return (
    <Group title={tb('features')}>
      <div className="grid gap-2 sm:grid-cols-2">
        {FLAG_NAMES.map((f) => (
          <label key={f} className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 h-4 w-4 accent-accent"
              checked={draft.flags[f]}
              onChange={(e) => change({ flags: { ...draft.flags, [f]: e.target.checked } })}
            />
            <span>{tb(`flags.${f}`)}</span>
          </label>
        ))}
      </div>
      <Field
        label={tb('ssoProviders')}
        value={draft.ssoProviders}
        onChange={(e) => change({ ssoProviders: e.target.value })}
      />
    </Group>
  );
}

/** Title, colours and gradient (spec 001 §3), with the contrast of each pair as it is typed. */
export function LookFields({ draft, change }: { draft: Draft; change: Change }) {
  const tb = useBrandsT();
  return (
    <Group title={tb('look')}>
      <Field label={tb('title')} value={draft.title} onChange={(e) => change({ title: e.target.value })} />
      <div className="grid gap-3 sm:grid-cols-2">
        {COLOUR_FIELDS.map((c) => (
          <Field
            key={c}
            label={tb(`colourFields.${c}`)}
            placeholder="#1a2b3c"
            value={draft.colours[c]}
            onChange={(e) => change({ colours: { ...draft.colours, [c]: e.target.value } })}
          />
        ))}
      </div>
      <Field
        label={tb('gradients')}
        value={draft.gradients}
        onChange={(e) => change({ gradients: e.target.value })}
      />
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="h-4 w-4 accent-accent"
          checked={draft.whiteOverAccent}
          onChange={(e) => change({ whiteOverAccent: e.target.checked })}
        />
        {tb('whiteOverAccent')}
      </label>
      <ContrastList theme={themeOf(draft)} />
    </Group>
  );
}

/** Links and the two documents. */
export function DocumentFields({ draft, change }: { draft: Draft; change: Change }) {
  const tb = useBrandsT();
  return (
    <>
      <Group title={tb('links')}>
        <Field
          label={tb('returnLink')}
          type="url"
          value={draft.returnLink}
          onChange={(e) => change({ returnLink: e.target.value })}
        />
        <Field
          label={tb('productUpdatesUrl')}
          type="url"
          value={draft.productUpdatesUrl}
          onChange={(e) => change({ productUpdatesUrl: e.target.value })}
        />
        <Field
          label={tb('termsUrl')}
          type="url"
          value={draft.termsUrl}
          onChange={(e) => change({ termsUrl: e.target.value })}
        />
        <Field
          label={tb('privacyUrl')}
          type="url"
          value={draft.privacyUrl}
          onChange={(e) => change({ privacyUrl: e.target.value })}
        />
      </Group>
      <Group title={tb('footer')}>
        <Field
          label={tb('visitUrl')}
          type="url"
          value={draft.visitUrl}
          onChange={(e) => change({ visitUrl: e.target.value })}
        />
        <Field
          label={tb('visitLabel')}
          value={draft.visitLabel}
          onChange={(e) => change({ visitLabel: e.target.value })}
        />
        <TextArea
          label={tb('footerMessages')}
          rows={4}
          value={draft.footerMessages}
          onChange={(v) => change({ footerMessages: v })}
        />
      </Group>
      <Group title={tb('documents')}>
        <TextArea
          label={tb('termsMarkdown')}
          rows={8}
          value={draft.termsMarkdown}
          onChange={(v) => change({ termsMarkdown: v })}
        />
        <TextArea
          label={tb('privacyMarkdown')}
          rows={8}
          value={draft.privacyMarkdown}
          onChange={(v) => change({ privacyMarkdown: v })}
        />
      </Group>
    </>
  );
}
