import { type DecimalInput, formatEuro } from '@app/domain'

/**
 * Reports show whole euros (spec/account.md §8 display rules: 0 decimals), rounded half away from zero by the
 * domain's exact formatter: the API's decimal strings never become floats.
 */
export const reportAmount = (amount: DecimalInput) => formatEuro(amount, { decimals: 0 })

/** The texts of the report pages; the error and empty texts are the spec's, letter for letter (§8). */
export const reportTexts = {
  year: 'Exercice',
  loading: 'Chargement',
  total: 'Total',
  month: 'Mois',
  amount: 'Montant',
  close: 'Fermer',
  operatingAccount: {
    title: "Compte d'exploitation",
    error: "Une erreur est survenue lors du chargement de ton rapport de compte d'exploitation.",
    empty: 'Pas de données pour cette période.',
    income: 'Produits',
    outcome: 'Charges',
    profit: 'Bénéfice',
    loss: 'Déficit',
    totalIncome: 'Total des produits',
    totalOutcome: 'Total des charges',
    result: 'Résultats',
    gridLabel: "Compte d'exploitation par mois",
  },
  sales: {
    title: 'Rapport des ventes',
    error: 'Une erreur est survenue lors du chargement du rapport des ventes.',
    banner: 'Ce rapport est établi à partir de tes factures et avoirs validés.',
    excluded: 'H.T.',
    taxes: 'T.V.A.',
    totalExcluded: 'Total H.T.',
    totalTaxes: 'Total T.V.A.',
    totalIncluded: 'Total T.T.C.',
    gridLabel: 'Ventes par mois',
  },
  vat: {
    title: 'Rapport de T.V.A.',
    error: 'Une erreur est survenue lors du chargement de ton rapport de T.V.A.',
    collected: 'T.V.A. collectée',
    deductible: 'T.V.A. déductible',
    balance: 'T.V.A. à payer',
    normal: 'Taux normal (20 %)',
    intermediate: 'Taux intermédiaire (10 %)',
    reduced: 'Taux réduit (5,5 %)',
    superReduced: 'Taux super réduit (2,1 %)',
    goodsAndServices: 'Biens et services',
    fixedAssets: 'Immobilisations',
    details: 'Détails',
    detailsOf: (monthLabel: string) => `Détails de ${monthLabel}`,
    gridLabel: 'T.V.A. par mois',
    detailError: 'Une erreur est survenue lors du chargement du détail de ce mois.',
  },
  vatMonth: {
    title: (monthLabel: string) => `Détail de la T.V.A. de ${monthLabel}`,
    back: 'Retour au rapport de T.V.A.',
    print: 'Imprimer',
    empty: "Il n'y a pas d'opération pour le mois sélectionné !",
    months: 'Mois de l’exercice',
    date: 'Date',
    journal: 'Journal',
    piece: 'Pièce',
    label: 'Libellé',
    rate: 'Taux',
    base: 'Base',
    tax: 'T.V.A.',
  },
  declaration: {
    title: 'Déclaration de T.V.A. mensuelle',
    hint: 'Choisis le mois à déclarer : le formulaire est rempli à partir de ta comptabilité.',
    year: 'Année',
    month: 'Mois',
    none: '—',
    download: 'Télécharger la déclaration (3310-CA3-SD)',
    failed: "Ta déclaration n'a pas pu être téléchargée. Réessaie dans un instant.",
  },
}
