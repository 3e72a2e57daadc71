import { JOKE_PASSWORD, passwordStrength } from '@vigil/contracts';
import { useTranslation } from '../i18n/use-translation.ts';

const BAR_COLOUR = {
  tooShort: 'bg-neutral-300',
  weak: 'bg-amber-500',
  good: 'bg-lime-600',
  strong: 'bg-green-600',
};

/**
 * Password strength (spec 001 §5): under 8 'Too short' with an empty bar, 8–11 'Weak', 12 or more 'Strong' with
 * a full bar; 'Good' exists but the rule never reaches it. One common password earns the joke message.
 */
export function StrengthMeter({ password }: { password: string }) {
  const { t } = useTranslation();
  const { strength, percent } = passwordStrength(password);
  const label = t(`strength.${strength}`);
  return (
    <div className="mt-2" data-testid="strength-meter" data-strength={strength}>
      {/* The bar is a picture of the words below, which screen readers read instead. */}
      <div aria-hidden="true" className="h-1.5 w-full overflow-hidden rounded-full bg-neutral-200">
        <div
          data-testid="strength-bar"
          className={`h-full ${BAR_COLOUR[strength]} transition-all`}
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="mt-1 text-xs text-neutral-700" aria-live="polite">
        {t('strength.label')}: <span className="font-medium">{label}</span>
      </p>
      {password.toLowerCase() === JOKE_PASSWORD && (
        <p className="mt-1 text-xs text-neutral-700">{t('strength.joke')}</p>
      )}
    </div>
  );
}
