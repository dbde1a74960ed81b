/**
 * The public pieces and the settings of spec/account.md §2, §5 and §8: the tutorial request's texts are the spec's,
 * letter for letter; the maintenance, news and card-payment texts, which the spec leaves open, are written in its tone.
 */
export const contentMessages = {
  maintenance: {
    unavailable: 'Carnet est en maintenance. Réessaye dans quelques minutes.',
    title: 'Carnet est en maintenance',
    text: "Nous faisons une mise à jour. Cette page se recharge d'elle-même dès que Carnet est de retour.",
    back: "Revenir à l'accueil",
  },
  news: {
    title: 'Nouveautés',
    ticker: 'Nouveautés de Carnet',
    seeAll: 'Toutes les nouveautés',
    empty: "Aucune nouveauté pour l'instant.",
    tags: { NEW: 'Nouveau', FIX: 'Correction', IMPROVEMENT: 'Amélioration' },
  },
  tutorialRequest: {
    overviewTooLong: 'Ce champ est rempli, tu peux continuer dans la description.',
    descriptionTooLong: 'Ce champ ne peut pas prendre autant de caractères (max 8000)',
    saved: 'Ta demande a bien été enregistrée.',
    failed: "Une erreur est survenue lors de l'enregistrement.",
    title: 'Demander un tutoriel',
  },
  cardPayment: {
    keyTooLong: 'La clé secrète ne peut pas dépasser 255 caractères.',
    keyFormat: 'La clé secrète commence par sk_live_ ou sk_test_.',
    limitPositive: 'Le montant doit être un nombre entier positif.',
    limitOrder: 'Le montant minimum doit être inférieur au montant maximum.',
    premiumRequired: 'Le paiement par carte est réservé aux formules payantes.',
    saved: 'Paiement par carte enregistré.',
    notPayable: 'Cette facture ne peut pas être payée par carte.',
    keyRefused:
      "Stripe refuse la clé secrète de l'entreprise : le paiement par carte n'est pas possible pour le moment.",
    providerUnavailable: 'Le paiement par carte ne répond pas pour le moment. Réessaye dans quelques minutes.',
    pay: 'Payer par carte',
    paid: 'Merci ! Ton paiement par carte est bien reçu.',
    pending: "Ton paiement par carte n'est pas encore confirmé. Recharge la page dans un instant.",
    needsKey:
      'Renseigne ta clé secrète Stripe dans Paramètres › Paiement par carte pour activer le paiement par carte.',
  },
  settingsMenu: { premium: 'Fonctionnalité premium' },
} as const
