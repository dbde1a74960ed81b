/**
 * What a field says instead of losing what was typed in silence (issue 31): a text beyond its column, an amount
 * beyond ±99 999 999,999999 (spec/money.md §9), a date that is not a day of the calendar.
 */
const count = new Intl.NumberFormat('fr-FR')

/** "1 000" in French, with its narrow no-break space. */
export const frenchCount = (value: number): string => count.format(value)

export const fieldLimitTexts = {
  /** « 249 caractères au maximum (tu en as saisi 10 000) » */
  textTooLong: (max: number, typed: number) =>
    `${frenchCount(max)} caractères au maximum (tu en as saisi ${frenchCount(typed)})`,
  /** An amount field reverts (spec/sales.md §5) and says why. */
  amountTooLarge: 'Le montant ne peut pas dépasser 99 999 999,99 € : ta saisie a été annulée',
  amountInvalid: "Ce n'est pas un montant : ta saisie a été annulée",
  quantityTooLarge: 'La quantité ne peut pas dépasser 9 999 999 999,99999 : ta saisie a été annulée',
  quantityInvalid: "Ce n'est pas une quantité : ta saisie a été annulée",
  /** « Le 31/02/2026 n'existe pas » */
  dateImpossible: (typed: string) => `Le ${typed} n'existe pas : vérifie le jour et le mois`,
  dateUnreadable: 'Écris la date sous la forme jj/mm/aaaa (par exemple 03/03/2026)',
} as const
