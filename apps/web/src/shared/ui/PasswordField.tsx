import { useState } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { Field, type FieldProps } from './Field.tsx';
import { StrengthMeter } from './StrengthMeter.tsx';

interface PasswordFieldProps extends Omit<FieldProps, 'type' | 'trailing' | 'hint'> {
  /** Shows the strength meter under the field (new passwords). */
  meter?: boolean;
  value: string;
}

/** Password field with a show/hide toggle and, for new passwords, the strength meter (spec 001 §2). */
export function PasswordField({ meter, value, ...field }: PasswordFieldProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <Field
      {...field}
      value={value}
      type={shown ? 'text' : 'password'}
      hint={meter ? <StrengthMeter password={value} /> : undefined}
      trailing={
        <button
          type="button"
          onClick={() => setShown((v) => !v)}
          aria-pressed={shown}
          className="absolute inset-y-0 right-1 my-1 rounded px-2 text-sm text-neutral-700 hover:bg-neutral-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent/50"
        >
          {shown ? t('auth.hidePassword') : t('auth.showPassword')}
        </button>
      }
    />
  );
}
