/** The invoice dialogs' texts, apart from the dialogs so that the list can name them without loading them. */
export const modalTexts = {
  markAsPaidTitle: 'Marquer comme payée',
  paymentDate: 'Date de paiement',
  paymentMethod: 'Moyen de paiement',
  paysWhatIsLeft: (amount: string) => `Un paiement de ${amount}, tout ce qui reste à payer, sera enregistré.`,
  recordPaymentTitle: 'Enregistrer un paiement',
  paymentAmount: 'Montant',
  remainingToPay: (amount: string) => `Reste à payer : ${amount}`,
  removePaymentTitle: (date: string) => `Supprimer le paiement du ${date} ?`,
  removePaymentText: (amount: string, method: string) =>
    `Le paiement de ${amount} (${method}) sera retiré de la facture : ce montant restera de nouveau à payer.`,
  partialTitle: 'Avoir partiel',
  partialAmount: 'Montant TTC',
  remainingToCredit: (amount: string) => `Reste à créditer : ${amount}`,
  createCreditNote: "Créer l'avoir",
  totalTitle: 'Créer un avoir total ?',
  validateTitle: 'Valider la facture ?',
  save: 'Enregistrer',
  cancel: 'Annuler',
} as const
