import type { ssoEn } from './sso.en.ts';
import type { Widen } from './widen.ts';

/** French texts of the single sign-on screens, key for key with `ssoEn`. */
export const ssoFr: Widen<typeof ssoEn> = {
  sso: {
    title: 'Authentification unique',
    redirecting: 'Redirection vers votre fournisseur de connexion…',
    signingIn: 'Connexion en cours…',
    linking: 'Association de votre compte…',
    notStartedHere:
      "Cette connexion n'a pas été commencée dans cet onglet, ou a déjà été utilisée. Recommencez.",
    createAccount: 'Créer un compte avec {{email}}',
    linkHint:
      "Vous avez déjà un compte ? Connectez-vous avec votre mot de passe, puis associez l'authentification unique sur la page de votre compte.",
    linked: "L'authentification unique est maintenant associée à votre compte.",
    linkedAs: "L'authentification unique en tant que {{email}} est maintenant associée à votre compte.",
    backToAccount: 'Retour à votre compte',
    linkTitle: 'Authentification unique',
    linkIntro: 'Associez un fournisseur de connexion à ce compte pour vous connecter avec lui.',
    linkWith: 'Associer {{provider}}',
    errors: {
      sso_cannot_use: "Ce compte ne peut pas utiliser l'authentification unique ici.",
      sso_account_already_used: 'Ce compte d’authentification unique est déjà utilisé par un autre compte.',
      sso_no_linked_account: 'Aucun compte n’est associé à ce compte d’authentification unique.',
      sso_no_email:
        "Votre compte d'authentification unique n'a pas d'adresse e-mail vérifiée : aucun compte ne peut être créé avec lui.",
    },
  },
};
