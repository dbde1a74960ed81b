/**
 * Sign-in, sign-up and passwords (spec/account.md §5). Apart from `messages` so that a screen can take only what it shows.
 */
export const authMessages = {
  logoutConfirm: 'Veux-tu te déconnecter ?',
  invalidCredentials: 'Identifiants incorrects.',
  tooManyAttempts: 'Trop de tentatives. Réessaye dans quelques minutes.',
  notSignedIn: 'Tu dois être connecté·e pour accéder à cette page.',
  csrf: 'Requête refusée : en-tête X-Requested-With manquant.',
  invalidCode: 'Le code est invalide ou a expiré.',
  invalidToken: 'Le lien de réinitialisation est invalide ou a expiré.',
  wrongCurrentPassword: 'Le mot de passe actuel est incorrect.',
  emailTaken: 'Cette adresse email est déjà utilisée.',
  accountCreated: 'Ton compte a été créé avec succès !',
  passwordUpdated: 'Ton mot de passe a été mis à jour avec succès.',
  emailSent: 'Ton email a bien été envoyé.',
  signupDone: 'Inscription terminée',
  letsGo: "C'est parti",
  invalidCloseCode: 'Code invalide',
  invalidCloseCodeText: "Le code que tu nous as fourni n'est pas le bon. Entre-le de nouveau.",
  /** Sensitive account actions (e-mail, password, closure, tokens) need the person, not a personal API token. */
  tokenNotAllowed: "Cette action demande ta connexion avec ton mot de passe : un jeton d'API ne peut pas la faire.",
  currentPasswordRequired: 'Saisis ton mot de passe actuel pour changer ton adresse email.',
} as const
