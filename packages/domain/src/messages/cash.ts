/**
 * Cash operations and cash sales (spec/money.md §2, §3, §5; spec/sales.md "Ventes au comptant"): the spec's texts
 * letter for letter where it gives them, the others written in its tone.
 */
export const cashMessages = {
  cash: {
    title: 'Caisse',
    newOperation: 'Nouveau mouvement',
    newOperationTitle: 'Nouveau mouvement de caisse',
    balance: 'Solde de la caisse',
    /** The amount comes formatted ("-12,50 €"): messages stay free of formatting code. */
    negativeBalance: (amount: string) => `Attention : le solde de ta caisse devient négatif (${amount}).`,
    empty: "Tu n'as encore enregistré aucun mouvement de caisse.",
    entry: 'Entrée',
    exit: 'Sortie',
    lineNameInvalid: 'Le libellé d’une ligne de caisse commence par « Entrée » ou « Sortie ».',
    linesRequired: 'Ajoute au moins une ligne.',
    journalInvalid: 'Choisis une caisse de ton entreprise.',
    defaultJournalName: 'Caisse',
    deleted: 'Suppression réussie !',
  },
  cashSales: {
    title: 'Ventes au comptant',
    newSale: 'Nouvelle vente au comptant',
    defaultName: (date: string) => `Ventes au comptant du ${date}`,
    defaultJournalName: 'Ventes au comptant',
    empty: "Tu n'as encore enregistré aucune vente au comptant.",
    sale: 'Vente',
    receipt: 'Encaissement',
    notAllowed:
      'Les ventes au comptant ne sont pas activées pour ton entreprise : active-les dans les paramètres de ton entreprise.',
    lineNameInvalid: 'Le libellé d’une ligne contient « Vente » ou « Encaissement ».',
    saleRequired: 'Ajoute au moins une ligne de vente.',
    receiptRequired: 'Indique comment la vente a été encaissée : ajoute une ligne d’encaissement.',
    /** PATCH or POST /transactions on a cash sale: its two groups of lines are checked by the cash-sales routes. */
    editThroughCashSales: 'Une vente au comptant se crée et se modifie avec les routes /cash-sales.',
    receiptCategory:
      'Choisis un compte de trésorerie pour un encaissement : 530 Caisse pour les espèces, 580 pour les chèques et cartes à remettre en banque.',
  },
} as const
