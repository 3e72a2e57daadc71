import type { Messages } from './en.ts';

export const fr: Messages = {
  app: { name: 'Vigil', loading: 'Chargement…' },
  auth: {
    signIn: 'Se connecter',
    signOut: 'Se déconnecter',
    email: 'E-mail',
    password: 'Mot de passe',
    rememberMe: 'Rester connecté',
    required: 'Obligatoire',
    tryDemo: 'Essayer la démo',
    signedInAs: 'Connecté en tant que {{email}}',
    welcome: 'Bienvenue',
    forgotPassword: 'Mot de passe oublié ?',
    showPassword: 'Afficher le mot de passe',
    hidePassword: 'Masquer le mot de passe',
  },
  errors: {
    generic: 'Une erreur est survenue. Veuillez réessayer.',
    network: 'Impossible de joindre le serveur. Vérifiez votre connexion.',
  },
};
