import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { inputClass } from './styles.ts';

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  error?: string | undefined;
  /** Extra content under the input (hints, meters); linked as its description. */
  hint?: ReactNode;
  /** Something inside the input's box on the right (the show/hide toggle). */
  trailing?: ReactNode;
}

/** A labelled input; required fields carry an asterisk (spec 000 §5) and errors are announced with the input. */
export function Field({ label, error, hint, trailing, required, className, ...input }: FieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ') || undefined;
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
      <div className="relative">
        <input
          id={id}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`${inputClass} ${trailing ? 'pr-20' : ''}`}
          {...input}
        />
        {trailing}
      </div>
      {hint && <div id={hintId}>{hint}</div>}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
