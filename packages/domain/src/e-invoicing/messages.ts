/** The e-invoicing network through a plateforme agréée (decision 0043). */
export const eInvoicingMessages = {
  flowUrl: "Indique l'adresse du service Flow de ta plateforme agréée (https://…).",
  directoryUrl: "Indique l'adresse du service Annuaire de ta plateforme agréée (https://…).",
  tokenUrl: "Indique l'adresse où ta plateforme délivre ses jetons OAuth2 (https://…).",
  clientId: "Indique l'identifiant client (client_id) donné par ta plateforme.",
  clientSecret: 'Indique le secret client (client_secret) donné par ta plateforme.',
  receivingAddress: "Choisis l'adresse de facturation électronique qui reçoit tes factures.",
  siren: 'Indique un SIREN valide (9 chiffres).',
  buyerStatus:
    'Choisis un statut : Approuvée, Approuvée partiellement, En litige, Suspendue, Refusée ou Paiement transmis.',
  reasonRequired: 'Choisis un motif dans la liste pour ce statut.',
  sirenMissing:
    "Renseigne d'abord le SIREN de ton entreprise dans Paramètres › Mon entreprise : l'annuaire de la facturation électronique le demande.",
  notConnected:
    "Ton organisation n'est pas reliée à une plateforme agréée : relie-la depuis Paramètres › Facturation électronique.",
  ownerOnly: 'Seul le propriétaire de l’organisation peut relier ou délier la plateforme agréée.',
  twoFactorNeeded:
    "Active d'abord la double authentification sur ton profil : elle protège la connexion à ta plateforme agréée.",
  platformUnreachable: 'Ta plateforme agréée ne répond pas. Réessaie dans quelques minutes.',
  platformCredentials:
    "Ta plateforme agréée refuse l'identifiant ou le secret client : vérifie-les dans ton espace sur la plateforme.",
  platformForbidden:
    "Ta plateforme agréée refuse cette opération pour ce compte : vérifie les droits donnés à l'identifiant client.",
  platformTooLarge: 'Le fichier dépasse la taille acceptée par ta plateforme agréée.',
  platformRefused: (detail: string) => `Ta plateforme agréée a refusé la demande : ${detail}`,
  platformBusy: 'Ta plateforme agréée est surchargée : Carnet réessaiera automatiquement.',
  connected: 'Ton organisation est reliée à sa plateforme agréée.',
  connectionOk: 'La plateforme agréée répond : la connexion fonctionne.',
  disconnected: 'La plateforme agréée est déliée.',
  webhookSignature: 'Signature du webhook invalide.',
  webhookReplay: 'Ce webhook a déjà été reçu ou il est trop ancien.',
  webhookUnknownFlow: 'Flux inconnu pour cette organisation.',
  receivedReceiptKept:
    'Cette facture est arrivée par ta plateforme agréée : elle est conservée avec ses statuts et ne peut pas être supprimée.',
  notFromNetwork:
    "Ce justificatif n'est pas arrivé par ta plateforme agréée : aucun statut ne peut être envoyé à son fournisseur.",
} as const
