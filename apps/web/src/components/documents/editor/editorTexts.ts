/** Texts of the editor that the spec leaves open (the spec's own texts come from messages.documents). */
export const editorTexts = {
  draftBadge: 'Brouillon',
  noLine: "Aucune ligne pour l'instant : ajoute un article du catalogue ou une ligne libre.",
  dueDate: (date: string) => `Échéance le ${date}`,
  dueAfterEachInvoice: 'à compter de la date de chaque facture',
  validUntil: (date: string) => `Valable jusqu'au ${date}`,
  fromQuote: (reference: string) => `Facture issue du devis ${reference}`,
  toInvoice: 'Devis converti en facture : voir la facture',
  creditedInvoice: (reference: string) => `Avoir sur la facture ${reference}`,
  notFound: 'Ce document est introuvable.',
  backToList: { invoice: 'Retour aux factures', quote: 'Retour aux devis' },
} as const
