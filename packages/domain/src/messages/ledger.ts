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
    /** The CA3 (GET /reports/vat-declaration): a quarterly declarant names the quarter by its last month. */
    declarationQuarterMonth:
      'Ta T.V.A. se déclare au trimestre : choisis le dernier mois du trimestre (mars, juin, septembre ou décembre).',
    declarationTaxFree:
      "Ton entreprise est en franchise en base de T.V.A. : elle n'a pas de déclaration CA3 à déposer.",
    declarationYearly:
      'Ton entreprise est au réel simplifié : sa T.V.A. se déclare une fois par an (CA12), pas sur la CA3.',
    /** The in/out books are in the Pop plans (spec/account.md §6 "The ledger is in Pop and Pop+ only"). */
    booksPremiumRequired:
      'Le livre des recettes et le registre des achats sont inclus dans les formules Pop et Pop+. Change de formule pour les tenir ici.',
    booksUpsell:
      'Tes recettes et tes achats mois par mois, prêts à montrer en cas de contrôle et à télécharger pour ton tableur.',
    declarationRate: (rate: string) =>
      `Le taux de T.V.A. de ${rate.replace('.', ',')}\u00a0% n'a pas de ligne sur la CA3 : la déclaration ne peut pas être établie ici.`,
  },
}
