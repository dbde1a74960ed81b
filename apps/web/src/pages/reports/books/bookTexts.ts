import type { BookKind } from '@app/domain'

/** The texts of the books' pages; the empty text is the spec's, letter for letter (spec/account.md §2). */
export const bookTexts = {
  landing: {
    title: 'Livres',
    intro: 'Tes recettes et tes achats, encaissés ou payés, mois par mois : les registres du micro-entrepreneur.',
    open: 'Ouvrir',
  },
  year: 'Exercice',
  loading: 'Chargement',
  empty: 'Aucune donnée pour la période sélectionnée',
  error: 'Une erreur est survenue lors du chargement de ton livre.',
  download: 'Télécharger en CSV',
  preparing: 'Préparation du fichier…',
  downloadFailed: "Ton livre n'a pas pu être téléchargé. Réessaie dans un instant.",
  back: 'Retour aux livres',
  totalMonth: 'Total du mois',
  totalYear: "Total de l'année",
  none: '—',
  columns: { date: 'Date', reference: 'Référence', category: 'Catégorie', mode: 'Mode', amount: 'Montant' },
  kinds: {
    income: { title: 'Livre des recettes', contact: 'Client', summary: 'Encaissé' },
    expenses: { title: 'Registre des achats', contact: 'Fournisseur', summary: 'Payé' },
  } satisfies Record<BookKind, { title: string; contact: string; summary: string }>,
}

/** The spec's rule for the table (spec/money.md): a reference shows its first 8 characters, the rest in its title. */
export const REFERENCE_LENGTH = 8
export const shortReference = (reference: string) => reference.slice(0, REFERENCE_LENGTH)
