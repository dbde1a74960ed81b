/** What the sending of invoices through the PA says to the user, in French (decision 0043). */
export const sendingMessages = {
  notValidated: 'Valide d’abord la facture : seule une facture validée part par la plateforme agréée.',
  alreadySent: 'Cette facture est déjà transmise à ta plateforme agréée.',
  recurringModel: 'Une facture récurrente n’est pas envoyée : les factures qu’elle crée le sont.',
  sellerSiren:
    'BR-FR-10 : le SIREN de ton organisation (BT-30) manque ou est invalide. Complète-le dans Paramètres › Mes infos.',
  buyerSiren: (name: string) =>
    `BR-FR-11 : le SIREN du client ${name} (BT-47) manque ou est invalide. Complète sa fiche, puis renvoie la facture.`,
  sellerAddress:
    'BR-FR-13 : ton adresse de facturation électronique (BT-34) n’est pas choisie. Choisis-la dans Paramètres › Facturation électronique.',
  buyerAddress: (name: string) =>
    `BR-FR-12 : l’adresse de facturation électronique du client ${name} (BT-49) est introuvable dans l’annuaire.`,
  sellerPostalAddress: 'BR-08 : l’adresse postale de ton organisation manque. Complète-la dans Paramètres › Mes infos.',
  buyerPostalAddress: (name: string) =>
    `BR-10 : l’adresse postale du client ${name} manque. Complète sa fiche, puis renvoie la facture.`,
  disconnected:
    'Ton organisation n’est plus reliée à une plateforme agréée : relie-la depuis Paramètres › Facturation électronique.',
  fileMissing: 'Le fichier de ce flux est introuvable dans le stockage : renvoie la facture.',
  notSentLabel: 'Non transmise',
  internal: 'Carnet n’a pas pu préparer le fichier à envoyer : il réessaiera dans quelques minutes.',
  invoiceNotSentYet: 'La facture de cet encaissement n’est pas encore transmise : Carnet l’enverra juste après.',
  paymentGone: 'Le paiement de cet encaissement a été supprimé : rien à transmettre.',
  failedNotificationTitle: (reference: string) => `La facture ${reference} n’a pas pu partir`,
} as const
