/** English, the fallback language: every visible string has a key here. */
export const en = {
  app: { name: 'Vigil', loading: 'Loading…' },
  auth: {
    signIn: 'Sign in',
    signOut: 'Sign out',
    email: 'E-mail',
    password: 'Password',
    rememberMe: 'Keep me signed in',
    required: 'Required',
    tryDemo: 'Try the demo',
    signedInAs: 'Signed in as {{email}}',
    welcome: 'Welcome',
    forgotPassword: 'Forgot password?',
    showPassword: 'Show password',
    hidePassword: 'Hide password',
  },
  errors: {
    generic: 'Something went wrong. Please try again.',
    network: 'Cannot reach the server. Check your connection.',
  },
} as const;

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type Messages = Widen<typeof en>;
