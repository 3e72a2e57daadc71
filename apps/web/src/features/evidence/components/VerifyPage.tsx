import { useEffect, useRef, useState } from 'react';
import { errorText } from '../../../shared/api/error-text.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { usePageTitle } from '../../../shared/platform/mobile-header.tsx';
import { useShell } from '../../../shared/routing/shell.tsx';
import { linkClass } from '../../../shared/ui/styles.ts';
import { type CheckOutcome, checkFile } from '../check-file.ts';
import { CheckResult } from './CheckResult.tsx';
import { DropZone } from './DropZone.tsx';
import '../../../shared/i18n/evidence.texts.ts';

interface Check {
  key: number;
  name: string;
  done: number;
  total: number;
  outcome?: CheckOutcome;
  error?: string;
}

/**
 * /verify (ours, decision 0506): anyone, signed in or not, drops a downloaded clip or its manifest and learns
 * whether this service exported exactly that file. The clip is hashed in the browser; only its hash is sent.
 */
export function VerifyPage() {
  const { t } = useTranslation();
  const { brand } = useShell();
  usePageTitle(t('routes.verify'), brand.name);
  const [checks, setChecks] = useState<Check[]>([]);
  const [busy, setBusy] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const next = useRef(0);
  useEffect(() => () => abort.current?.abort(), []);

  const update = (key: number, patch: Partial<Check>) =>
    setChecks((cs) => cs.map((c) => (c.key === key ? { ...c, ...patch } : c)));

  const onFiles = async (files: File[]) => {
    if (busy) return;
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    const batch = files.map((f) => ({ key: next.current++, name: f.name, done: 0, total: f.size }));
    setChecks(batch);
    setBusy(true);
    for (const [i, file] of files.entries()) {
      const key = batch[i]?.key ?? -1;
      try {
        const outcome = await checkFile(
          file,
          (done, total) => update(key, { done, total }),
          controller.signal,
        );
        update(key, { outcome });
      } catch (e) {
        if (controller.signal.aborted) return;
        update(key, { error: errorText(e, t) });
      }
    }
    setBusy(false);
  };

  return (
    <section
      className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-6 sm:px-6"
      aria-labelledby="verify-title"
    >
      <h1 id="verify-title" className="text-2xl font-semibold tracking-tight">
        {t('routes.verify')}
      </h1>
      <p className="text-neutral-700">{t('evidence.intro', { brand: brand.name })}</p>
      <DropZone onFiles={(files) => void onFiles(files)} busy={busy} />
      <ul aria-live="polite" aria-label={t('evidence.results')} className="flex flex-col gap-3">
        {checks.map((c) => (
          <li key={c.key} className="rounded-lg border border-neutral-200 bg-white p-3">
            <p className="break-all font-medium">{c.name}</p>
            {!c.outcome && !c.error && (
              <div className="mt-2">
                <progress
                  className="h-2 w-full"
                  max={Math.max(c.total, 1)}
                  value={c.done}
                  aria-label={t('evidence.hashing', { name: c.name })}
                />
                <p className="mt-1 text-sm text-neutral-600">
                  {t('evidence.progress', { percent: c.total ? Math.floor((c.done / c.total) * 100) : 100 })}
                </p>
              </div>
            )}
            {c.error && (
              <p role="alert" className="mt-2 rounded-md bg-red-50 p-2 text-sm text-red-800">
                {c.error}
              </p>
            )}
            {c.outcome && (
              <div className="mt-2">
                <CheckResult outcome={c.outcome} />
              </div>
            )}
          </li>
        ))}
      </ul>
      <p className="text-sm text-neutral-600">
        {t('evidence.offline')}{' '}
        <a className={linkClass} href="/exports/public-key?format=pem">
          {t('evidence.publicKey')}
        </a>
      </p>
    </section>
  );
}
