/**
 * The organisation, its members and its legal information (spec/account.md §5). Apart from `messages` so that a screen can take only what it shows.
 */
export const organizationMessages = {
  disabled: 'Désactivée',
  switchErrorTitle: 'Erreur',
  switchErrorText: 'Impossible de changer de compte',
  invitationSent: 'Invitation envoyée !',
  noPendingInvitation: 'Aucune invitation en attente',
  onlyMember: "Impossible de retirer le seul membre de l'entreprise.",
  lastOwner: "L'entreprise doit garder au moins un propriétaire.",
  ownerOnly: "Cette action est réservée au propriétaire de l'entreprise.",
  alreadyMember: "Cette personne fait déjà partie de l'entreprise.",
  invitationInvalid: "Cette invitation n'est plus valable.",
  invitationWrongEmail: 'Cette invitation a été envoyée à une autre adresse email.',
  planRequired: 'Cette fonctionnalité nécessite une formule payante.',
  collaboratorLimit: "Ta formule ne permet pas d'ajouter plus de collaborateurs.",
  /** The legal-info gate (409 LEGAL_INFO_REQUIRED): what is missing, named as the legal-info page names it. */
  legalInfoPieces: {
    name: "nom de l'entreprise",
    siren: 'SIREN',
    address: 'adresse',
    vatNumber: 'numéro de TVA intracommunautaire',
  },
  legalInfoRequired: (missing: readonly string[]) =>
    `Complète tes informations légales avant d'émettre un devis ou une facture : ${missing.join(', ')}.`,
} as const
