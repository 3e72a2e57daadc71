import '../../../shared/i18n/sso.texts.ts';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { FormError } from '../../../shared/ui/FormError.tsx';
import { fit, primaryButton } from '../../../shared/ui/styles.ts';
import { registerBySso } from '../api/register.ts';
import { ssoErrorText } from '../error-text.ts';

/**
 * Registration by single sign-on: an account for the identity's verified address. Then the sign-in starts again;
 * the provider remembers the person, so it comes straight back signed in.
 */
export function RegisterOffer(p: {
  provider: string;
  idToken: string;
  email: string;
  route: 'sso' | 'oauth';
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  async function create() {
    setBusy(true);
    setError(undefined);
    try {
      await registerBySso(p.provider, p.idToken);
      location.assign(`/${p.route}/${encodeURIComponent(p.provider)}/start`);
    } catch (err) {
      setError(ssoErrorText(err, t));
      setBusy(false);
    }
  }
  return (
    <div className="mt-4 space-y-3">
      <button
        type="button"
        className={fit(primaryButton, 'w-full')}
        disabled={busy}
        onClick={() => void create()}
      >
        {t('sso.createAccount', { email: p.email })}
      </button>
      <FormError message={error} />
    </div>
  );
}
