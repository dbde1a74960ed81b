/**
 * The dashboard's figures (spec/account.md §2 "Dashboard: /app"). The two texts the spec gives are kept letter for
 * letter (noBankAccount, overlayTitle); the others are written in its tone (tu).
 */
export const dashboardMessages = {
  dashboard: {
    premiumRequired:
      'Le tableau de bord de ton activité est inclus dans les formules payantes et la période d’essai. Change de formule pour le voir.',
    noBankAccount: "Tu n'as activé aucun compte bancaire !",
    overlayTitle: 'Pilote ton activité',
    overlayText:
      'Trésorerie, chiffre d’affaires, résultat, T.V.A. : suis tes chiffres mois après mois avec une formule payante.',
    overlayButton: 'Voir mes comptes',
  },
} as const
