import { type ReactNode, type SelectHTMLAttributes, useId } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { inputClass } from './styles.ts';

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  hint?: ReactNode;
  children: ReactNode;
}

/** A labelled select, with the same asterisk and description rules as `Field`. */
export function SelectField({ label, hint, required, className, children, ...select }: SelectFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-neutral-800">
        {label}
        {required && (
          <>
            <span aria-hidden="true" className="ml-0.5 text-accent-ink">
              *
            </span>
            <span className="sr-only"> ({t('auth.required')})</span>
          </>
        )}
      </label>
      <select
        id={id}
        required={required}
        aria-describedby={hint ? hintId : undefined}
        className={inputClass}
        {...select}
      >
        {children}
      </select>
      {hint && (
        <div id={hintId} className="mt-1 text-sm text-neutral-600">
          {hint}
        </div>
      )}
    </div>
  );
}
