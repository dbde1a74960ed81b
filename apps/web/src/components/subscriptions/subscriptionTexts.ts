import { formatDateFr, type IsoDate } from '@app/domain'

/**
 * Texts of the recurring invoice pages that the spec leaves open (its own texts come from messages.recurring,
 * messages.documents and messages.generic).
 */
export const subscriptionTexts = {
  archivedTab: 'Archivée',
  allTab: 'Toutes',
  noNextOccurrence: '—',
  nextOccurrence: 'Prochaine échéance',
  remaining: (count: number) =>
    count === 0
      ? 'Aucune échéance restante'
      : `${count} échéance${count > 1 ? 's' : ''} restante${count > 1 ? 's' : ''}`,
  endsOn: (date: IsoDate) => `Jusqu'au ${formatDateFr(date)}`,
  noEndDate: 'Sans date de fin',
  generated: (count: number) =>
    count === 0 ? 'Aucune facture créée' : `${count} facture${count > 1 ? 's' : ''} créée${count > 1 ? 's' : ''}`,
  suspendTitle: 'Suspendre cette facture récurrente ?',
  suspend: 'Suspendre',
  reactivate: 'Réactiver',
  createdBy: 'Créée par une facture récurrente',
  notFound: 'Cette facture récurrente est introuvable.',
  backToList: 'Retour aux factures récurrentes',
  upcoming: 'Prochaines échéances',
  completeParameters: 'Complète les paramètres pour voir les prochaines échéances.',
  parameters: "Paramètres de l'abonnement",
} as const
