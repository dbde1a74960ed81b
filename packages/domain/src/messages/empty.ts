/**
 * Empty states (spec/account.md §8). Apart from `messages` so that a screen can take only what it shows.
 */
export const emptyMessages = {
  noData: 'Aucune donnée pour la période sélectionnée',
  noInvitation: 'Aucune invitation en attente',
  noNotification: 'Aucune notification',
  noBank: "Tu n'as pas encore connecté de compte bancaire",
  noResult: 'Aucun résultat',
} as const
