/** The cash journal's texts (decision 0038, CGI art. 286 I-3° bis), in the app's tone. */
export const cashJournalMessages = {
  title: 'Journal inaltérable',
  verify: 'Vérifier',
  intact: 'Journal de caisse intact',
  broken: 'Journal de caisse altéré',
  notConcerned: {
    FRANCHISE:
      'Tu es en franchise en base de TVA : la loi anti-fraude à la TVA (CGI art. 286 I-3° bis) ne te concerne pas, Carnet ne tient pas de journal inaltérable pour toi.',
    NO_CASH_SALES:
      'Tu ne fais pas de ventes au comptant à des particuliers : la loi anti-fraude à la TVA (CGI art. 286 I-3° bis) ne te concerne pas, Carnet ne tient pas de journal inaltérable pour toi.',
  },
  brokenReason: {
    signature: 'La signature enregistrée ne correspond pas au contenu de l’écriture : elle a été modifiée.',
    previous: 'L’écriture ne désigne pas la signature de la précédente : la chaîne a été coupée.',
    gap: 'Un numéro manque ou est en double dans la séquence : une écriture a été supprimée ou insérée.',
  } as const,
  yearInvalid: 'Choisis une année entre 2000 et 2100.',
  notConcernedArchive: 'Ton organisation n’est pas concernée par le journal inaltérable : il n’y a rien à archiver.',
  refusedInSql: 'Le journal de caisse est inaltérable : une écriture ne se modifie ni ne se supprime.',
  kinds: {
    RECORD: 'Enregistrement',
    CORRECTION: 'Correction',
    CANCELLATION: 'Annulation',
    CLOSING: 'Clôture (Z)',
    ARCHIVE: 'Archive',
  } as const,
  periods: { DAY: 'Journalière', MONTH: 'Mensuelle', YEAR: 'Annuelle' } as const,
  editViaCash: 'Un mouvement de caisse se modifie depuis la caisse, pour que le journal inaltérable en garde la trace.',
}
