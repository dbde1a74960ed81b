/** Two-factor sign-in (issue 32): every text the server answers and the web shows about it, "tu". */
export const twoFactorMessages = {
  title: 'Double authentification',
  codeFormat: 'Saisis le code à 6 chiffres de ton application.',
  codeOrRecoveryFormat: 'Saisis le code à 6 chiffres de ton application ou un code de récupération.',
  passwordEmpty: 'Saisis ton mot de passe.',
  wrongCode: "Ce code n'est pas le bon, ou il a déjà servi. Attends le suivant dans ton application.",
  codeRequired: 'La double authentification est activée : saisis un code de ton application pour créer ce jeton.',
  alreadyEnabled: 'La double authentification est déjà activée.',
  notEnabled: "La double authentification n'est pas activée.",
  noEnrolment: "Commence par afficher le QR code : aucun enrôlement n'est en cours.",
  pendingExpired: 'Ta connexion a expiré. Reconnecte-toi avec ton adresse email et ton mot de passe.',
  tooManyWrongCodes: 'Trop de codes erronés. Reconnecte-toi avec ton adresse email et ton mot de passe.',
  required:
    "Ton entreprise exige la double authentification. Active-la dans ton profil pour continuer à travailler dans l'entreprise.",
  requireNeedsOwnTwoFactor:
    "Active d'abord la double authentification sur ton propre compte avant de l'exiger des membres.",
  ownerCannotDisable:
    "Ton entreprise exige la double authentification : lève d'abord cette obligation dans les paramètres de l'entreprise.",
  ownerOnly: "Seul le propriétaire de l'entreprise peut changer cette règle.",
} as const
