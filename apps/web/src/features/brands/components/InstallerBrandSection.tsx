import type { InstallerTheme } from '@vigil/contracts';
import { type FormEvent, useState } from 'react';
import { errorText } from '../../../shared/api/error-text.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useShell } from '../../../shared/routing/shell.tsx';
import { Field } from '../../../shared/ui/Field.tsx';
import { fit, primaryButton } from '../../../shared/ui/styles.ts';
import { useInstallerBrand, useSaveInstallerBrand } from '../api/installer-brand.ts';
import { useBrandsT } from '../i18n/index.ts';
import { COLOUR_FIELDS, type ColourField } from './brand-draft.ts';
import { ContrastList } from './ContrastList.tsx';
import { ImageUpload, Outcome } from './ImageUpload.tsx';
import { bodyOf } from './image-body.ts';

/** The colours an installer sets: the app's, not the page title (spec 001 §3: "their own logo and colours"). */
const FIELDS = COLOUR_FIELDS.filter((c) => c !== 'portalSidebar' && c !== 'colour');

/**
 * An installer's own logo and colours, which its customers see instead of the brand's (decision 0820); shown on
 * the partner portal. The contrast of each pair is shown as typed, over the brand's colours.
 */
export function InstallerBrandSection() {
  const { t } = useTranslation();
  const tb = useBrandsT();
  const current = useInstallerBrand(true);
  return (
    <section
      aria-labelledby="installer-brand"
      className="mx-auto w-full max-w-[1200px] space-y-3 px-4 pb-8 sm:px-6"
    >
      <h2 id="installer-brand" className="text-lg font-semibold">
        {tb('installer.title')}
      </h2>
      <p className="text-neutral-700">{tb('installer.intro')}</p>
      {current.isError && (
        <p role="alert" className="text-red-700">
          {errorText(current.error, t)}
        </p>
      )}
      {current.data && (
        <InstallerBrandForm
          key={current.data.installerId}
          saved={current.data.theme}
          logo={current.data.logo}
        />
      )}
    </section>
  );
}

function InstallerBrandForm({ saved, logo }: { saved: InstallerTheme; logo: string | undefined }) {
  const { t } = useTranslation();
  const tb = useBrandsT();
  const { brand } = useShell();
  const [colours, setColours] = useState<Partial<Record<ColourField, string>>>(saved);
  const [whiteOverAccent, setWhiteOverAccent] = useState(saved.whiteOverAccent ?? true);
  const save = useSaveInstallerBrand();
  const [done, setDone] = useState<string>();
  const theme: InstallerTheme = { whiteOverAccent };
  for (const c of FIELDS) if (colours[c]?.trim()) theme[c] = colours[c]?.trim();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setDone(undefined);
    save.mutate({ theme }, { onSuccess: () => setDone(tb('installer.saved')) });
  };
  const upload = async (file: File | undefined) => {
    const body = file && (await bodyOf(file));
    if (body) save.mutate({ logo: body }, { onSuccess: () => setDone(tb('uploaded', { name: 'logo.png' })) });
  };
  return (
    <form
      onSubmit={submit}
      aria-labelledby="installer-brand"
      className="space-y-4 rounded-lg border border-neutral-200 bg-white p-4"
    >
      <div className="grid gap-3 sm:grid-cols-2">
        {FIELDS.map((c) => (
          <Field
            key={c}
            label={tb(`colourFields.${c}`)}
            placeholder="#1a2b3c"
            value={colours[c] ?? ''}
            onChange={(e) => setColours((v) => ({ ...v, [c]: e.target.value }))}
          />
        ))}
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="h-4 w-4 accent-accent"
          checked={whiteOverAccent}
          onChange={(e) => setWhiteOverAccent(e.target.checked)}
        />
        {tb('whiteOverAccent')}
      </label>
      <ContrastList theme={{ ...brand.theme, ...theme }} />
      <ImageUpload
        label={tb('upload', { name: 'logo.png' })}
        src={logo}
        onFile={(file) => void upload(file)}
      />
      <Outcome error={save.isError ? errorText(save.error, t) : undefined} done={done} />
      <button type="submit" className={fit(primaryButton)} disabled={save.isPending}>
        {tb('installer.save')}
      </button>
    </form>
  );
}
