/**
 * The global search (spec/account.md §2 "Search", §9): "Aucun résultat" is the spec's empty state (messages.empty);
 * the other texts, which the spec leaves open, are written in its tone.
 */
export const searchMessages = {
  search: {
    queryTooShort: 'Saisis au moins 3 caractères pour lancer la recherche.',
    open: 'Rechercher',
    placeholder: 'Rechercher une facture, un devis, un client, un montant…',
    hint: 'Saisis au moins 3 caractères : nom, référence ou montant.',
    failed: 'La recherche a échoué. Réessaye dans un instant.',
    dialogTitle: 'Recherche',
    groups: {
      invoices: 'Factures et avoirs',
      quotes: 'Devis',
      customers: 'Clients',
      suppliers: 'Fournisseurs',
      contacts: 'Contacts',
      items: 'Produits et services',
      transactions: 'Transactions',
      receipts: 'Justificatifs',
    },
    kinds: {
      invoice: 'Facture',
      creditNote: 'Avoir',
      deposit: "Facture d'acompte",
      quote: 'Devis',
      draft: 'brouillon',
      product: 'Produit',
      service: 'Service',
      customer: 'Client',
      supplier: 'Fournisseur',
      customerAndSupplier: 'Client et fournisseur',
      receipt: 'Justificatif',
    },
  },
} as const
