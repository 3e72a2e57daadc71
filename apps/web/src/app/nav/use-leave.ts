import { useNavigate } from 'react-router';
import { paths } from '../../shared/config/paths.ts';
import { useShell } from '../../shared/routing/shell.tsx';
import { useSessionActions } from '../../shared/session/actions.tsx';

/** Where Exit from the demo goes: the brand's return link, or sign-in on localhost or when none is set. */
export function demoExitTarget(returnLink: string | undefined, hostname: string): string {
  const local = hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';
  return returnLink && !local ? returnLink : paths.signIn;
}

/** Log out (Exit in the demo) and leave to the right place. */
export function useLeave(): () => Promise<void> {
  const { signOut } = useSessionActions();
  const { demo, brand } = useShell();
  const navigate = useNavigate();
  return async () => {
    await signOut();
    const target = demo ? demoExitTarget(brand.returnLink, location.hostname) : paths.signIn;
    if (/^https?:\/\//.test(target)) location.assign(target);
    else await navigate(target, { replace: true });
  };
}
