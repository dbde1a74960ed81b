/** The invoice dialogs' texts, apart from the dialogs so that the list can name them without loading them. */
export const modalTexts = {
  markAsPaidTitle: 'Marquer comme payée',
  paymentDate: 'Date de paiement',
  partialTitle: 'Avoir partiel',
  partialAmount: 'Montant TTC',
  remainingToCredit: (amount: string) => `Reste à créditer : ${amount}`,
  createCreditNote: "Créer l'avoir",
  totalTitle: 'Créer un avoir total ?',
  validateTitle: 'Valider la facture ?',
  save: 'Enregistrer',
  cancel: 'Annuler',
} as const
