/** The books, reports and legal exports (spec/account.md §2 "Reports and export", §8): the spec's texts where it gives them. */
export const ledgerMessages = {
  ledger: {
    readForbidden: "Seuls le propriétaire, les administrateurs et l'expert-comptable ont accès à la comptabilité.",
    yearInvalid: 'Choisis une année entre 2000 et 2100.',
    reportPeriodTooLong: 'Choisis une période plus courte : deux ans au plus.',
    monthInvalid: 'Choisis un mois entre 1 et 12.',
    sirenRequired: 'Renseigne le SIREN de ton entreprise dans tes informations légales pour exporter le FEC.',
    periodEndBeforeStart: 'La date de fin ne peut pas précéder la date de début.',
    periodTooLong: 'La période ne peut pas dépasser 5 ans : choisis une période plus courte.',
    /** The accounting export page (spec/account.md §2): on failure, the hint to shorten the period. */
    exportFailed: "Une erreur est survenue lors de l'export. Essaie une période plus courte.",
  },
}
