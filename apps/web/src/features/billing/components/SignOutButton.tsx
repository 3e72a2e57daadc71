import { useNavigate } from 'react-router';
import { paths } from '../../../shared/config/paths.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useSessionActions } from '../../../shared/session/actions.tsx';
import { linkClass } from '../../../shared/ui/styles.ts';

/** Signing out is always possible during self-registration, whatever step the person is on. */
export function SignOutButton() {
  const { t } = useTranslation();
  const { signOut } = useSessionActions();
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className={linkClass}
      onClick={() => void signOut().then(() => navigate(paths.signIn))}
    >
      {t('nav.signOut')}
    </button>
  );
}
