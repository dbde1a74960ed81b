/**
 * Texts every screen shares: errors, confirmations, 404. Apart from `messages` so that a screen can take only what it shows.
 */
export const genericMessages = {
  error: 'Une erreur est survenue.',
  errorShort: 'Une erreur est survenue',
  saved: 'Enregistré avec succès.',
  /** Detail panels (spec/account.md §8). */
  detailLoadError: 'Une erreur est survenue lors du chargement des données.',
  noResult: 'Aucun résultat',
  tryLater: 'Réessaye plus tard.',
  leaveGuard: 'Es-tu certain·e de vouloir quitter cette page ?',
  deleteConfirm: 'Es-tu certain·e de vouloir supprimer cette entrée ?',
  irreversible: 'Cette action est irréversible !',
  notFoundTitle: 'Erreur 404',
  notFoundText: 'La page est introuvable',
  linkCopied: 'Lien copié dans le presse-papier',
} as const
