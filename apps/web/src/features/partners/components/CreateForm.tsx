import { type FormEvent, type ReactNode, useState } from 'react';
import { errorText } from '../../../shared/api/error-text.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { Field } from '../../../shared/ui/Field.tsx';
import { FormError } from '../../../shared/ui/FormError.tsx';
import { StatusMessage } from '../../../shared/ui/StatusMessage.tsx';
import { fit, primaryButton } from '../../../shared/ui/styles.ts';
import '../../../shared/i18n/partners.texts.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface CreateValues {
  company: string;
  email: string;
}

/**
 * Company and owner e-mail: a new distributor, installer or customer. The server's manager-account errors (company
 * exists, e-mail exists, user exists) show below the form.
 */
export function CreateForm({
  label,
  busy,
  error,
  done,
  onSubmit,
  children,
}: {
  label: string;
  busy: boolean;
  error: unknown;
  /** The e-mail just invited, for the success note. */
  done: string | undefined;
  onSubmit: (v: CreateValues, reset: () => void) => void;
  /** More fields, below company and e-mail (the new customer's home region, decision 0858). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [v, setV] = useState<CreateValues>({ company: '', email: '' });
  const [problems, setProblems] = useState<{ company?: string; email?: string }>({});
  function submit(e: FormEvent) {
    e.preventDefault();
    const company = v.company.trim();
    const email = v.email.trim();
    const next = {
      company: company ? undefined : t('auth.required'),
      email: !email ? t('auth.emailRequired') : EMAIL.test(email) ? undefined : t('auth.emailInvalid'),
    };
    setProblems(next);
    if (next.company || next.email) return;
    onSubmit({ company, email }, () => setV({ company: '', email: '' }));
  }
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={label}
      className="space-y-4 rounded-lg border border-neutral-200 bg-white p-4"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t('partners.company')}
          name="company"
          autoComplete="organization"
          required
          value={v.company}
          error={problems.company}
          onChange={(e) => setV({ ...v, company: e.target.value })}
        />
        <Field
          label={t('partners.email')}
          name="email"
          type="email"
          autoComplete="off"
          required
          value={v.email}
          error={problems.email}
          onChange={(e) => setV({ ...v, email: e.target.value })}
        />
      </div>
      {children}
      <FormError message={error ? errorText(error, t) : undefined} />
      <StatusMessage message={done ? t('partners.invited', { email: done }) : undefined} />
      <button type="submit" disabled={busy} className={fit(primaryButton, 'w-full sm:w-auto')}>
        {busy ? t('partners.creating') : label}
      </button>
    </form>
  );
}
