import { useEffect, useMemo, useState } from 'react';
import { isTakeawayUser, navRoutes } from '../../shared/routing/access.ts';
import { useAccessContext } from '../../shared/routing/shell.tsx';
import { FLAT_ROUTES } from '../routes/flat-routes.ts';

/** Session flag for the app icon entries: 1 shows change-icon, 2 shows reset-icon (spec 001 §2). */
export const ICON_FLAG_KEY = 'changeIcon';

/** The flag lives in session storage and the mobile app sets it from outside React: look every second. */
export function useIconFlag(): string | null {
  const [flag, setFlag] = useState(() => sessionStorage.getItem(ICON_FLAG_KEY));
  useEffect(() => {
    const id = setInterval(() => setFlag(sessionStorage.getItem(ICON_FLAG_KEY)), 1_000);
    return () => clearInterval(id);
  }, []);
  return flag;
}

/** Main and secondary navigation entries the current account may open, in table order. */
export function useNavEntries() {
  const ctx = useAccessContext();
  const iconFlag = useIconFlag();
  return useMemo(() => {
    const main = navRoutes(FLAT_ROUTES, ctx, (r) => r.nav?.area === 'main');
    const takeaway = isTakeawayUser(ctx.session, ctx.brand);
    const secondary = navRoutes(FLAT_ROUTES, ctx, (r) => {
      if (r.nav?.area !== 'secondary') return false;
      // Spec 000 §1: a takeaway end user sees only orders, dashboard and settings. The account page stays open
      // by address (password, e-mail links) but is not listed (decision 0842).
      if (takeaway && r.id === 'account') return false;
      if (r.external === 'changeIcon') return iconFlag === '1';
      if (r.external === 'resetIcon') return iconFlag === '2';
      return true;
    });
    const navbar = navRoutes(FLAT_ROUTES, ctx, (r) => r.navbar === true);
    return { main, secondary, navbar };
  }, [ctx, iconFlag]);
}
