import { AccountPage } from '../../features/account/components/AccountPage.tsx';
import { SsoLinkSection } from '../../features/sso/components/SsoLinkSection.tsx';

/** /account composed with linking a single sign-on provider (convert; features do not import each other). */
export function AccountScreen() {
  return (
    <>
      <AccountPage />
      <SsoLinkSection />
    </>
  );
}
