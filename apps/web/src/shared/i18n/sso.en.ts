/** English texts of the single sign-on screens (decision 0833), merged into `en`. */
export const ssoEn = {
  sso: {
    title: 'Single sign-on',
    redirecting: 'Taking you to your sign-in provider…',
    signingIn: 'Signing you in…',
    linking: 'Linking your account…',
    notStartedHere: 'This sign-in was not started in this browser tab, or was already used. Start again.',
    createAccount: 'Create an account as {{email}}',
    linkHint:
      'Already have an account? Sign in with your password, then link single sign-on on your account page.',
    linked: 'Single sign-on is now linked to your account.',
    linkedAs: 'Single sign-on as {{email}} is now linked to your account.',
    backToAccount: 'Back to your account',
    linkTitle: 'Single sign-on',
    linkIntro: 'Link a sign-in provider to this account to sign in with it.',
    linkWith: 'Link {{provider}}',
    errors: {
      sso_cannot_use: 'This account cannot use single sign-on here.',
      sso_account_already_used: 'This single sign-on account is already used by another account.',
      sso_no_linked_account: 'No account is linked to this single sign-on account.',
      sso_no_email:
        'Your single sign-on account has no verified e-mail address, so no account can be made with it.',
    },
  },
};
