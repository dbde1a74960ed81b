/**
 * The lifecycle statuses of an invoice in the French e-invoicing network (CDAR D22B, AFNOR XP Z12-012 code list
 * BR-FR-CDV-CL-06), their French names, and the order they may follow (decision 0043). Statuses only move forward:
 * a status that would go back is kept in the history as received but does not change the invoice's status.
 */
export const LIFECYCLE_STATUSES = {
  200: 'Déposée',
  201: 'Émise par la plateforme',
  202: 'Reçue par la plateforme',
  203: 'Mise à disposition',
  204: 'Prise en charge',
  205: 'Approuvée',
  206: 'Approuvée partiellement',
  207: 'En litige',
  208: 'Suspendue',
  209: 'Complétée',
  210: 'Refusée',
  211: 'Paiement transmis',
  212: 'Encaissée',
  213: 'Rejetée',
  214: 'Visée',
  220: 'Annulée',
  221: 'Erreur de routage',
} as const satisfies Record<number, string>

export type LifecycleStatusCode = keyof typeof LIFECYCLE_STATUSES
export const LIFECYCLE_STATUS_CODES = Object.keys(LIFECYCLE_STATUSES).map(Number) as LifecycleStatusCode[]

export const isLifecycleStatusCode = (code: number): code is LifecycleStatusCode => code in LIFECYCLE_STATUSES

/** The French name of a status; a code outside the list (another phase of the code list) by its number. */
export const lifecycleStatusLabel = (code: number): string =>
  isLifecycleStatusCode(code) ? LIFECYCLE_STATUSES[code] : `Statut ${code}`

/** Ends of the road: nothing moves an invoice out of them. */
export const FINAL_STATUSES: readonly LifecycleStatusCode[] = [210, 212, 213, 220]

/**
 * Where each status stands on the road: a status may follow another of a higher step, or of the same step for the
 * buyer's processing statuses (205–209 and 214 follow each other: a dispute settled is approved, a suspension completed).
 * Rejetée (213) comes from the platforms before the buyer takes the invoice (steps up to 203); Refusée (210) and Annulée
 * (220) may end any invoice not yet ended.
 */
const STEP: Record<LifecycleStatusCode, number> = {
  200: 0,
  201: 1,
  202: 2,
  203: 3,
  221: 3,
  204: 4,
  205: 5,
  206: 5,
  207: 5,
  208: 5,
  209: 5,
  214: 5,
  211: 6,
  212: 7,
  210: 8,
  213: 8,
  220: 8,
}

/**
 * Whether an invoice whose status is `from` (null: none yet) may take `to`. The same status twice is not a move (the
 * caller keeps it once); a status after a final one, or one that goes back, is refused.
 */
export function canMoveTo(from: LifecycleStatusCode | null, to: LifecycleStatusCode): boolean {
  if (from === null) return true
  if (from === to || FINAL_STATUSES.includes(from)) return false
  if (to === 213) return STEP[from] <= 3
  if (to === 210 || to === 220) return true
  const [a, b] = [STEP[from], STEP[to]]
  return b > a || (b === a && a === 5)
}

/** The badge colour family of a status: waiting on the network, accepted, a problem to handle, done. */
export function lifecycleTone(code: LifecycleStatusCode): 'pending' | 'ok' | 'problem' | 'done' {
  if (code === 212 || code === 211) return 'done'
  if (code === 205 || code === 209 || code === 214 || code === 204) return 'ok'
  if (code === 206 || code === 207 || code === 208 || code === 210 || code === 213 || code === 220 || code === 221)
    return 'problem'
  return 'pending'
}

/** The reasons of a status (BR-FR-CDV-CL-09), in French. */
export const LIFECYCLE_REASONS = {
  RETRAIT_MAN_SERV: 'Retrait du mandat de service',
  ST_CT_NON_DECLAR: 'Sous-traitant non déclaré',
  SUPPR_COMP_AVOIR: 'Suppression compensée par un avoir',
  TRANSF_PMNT_REGIE: 'Paiement transféré à une régie',
  CONTACT_ACHTR: "Contacter l'acheteur",
  NON_TRANSMISE: 'Facture non transmise',
  JUSTIF_ABS: 'Justificatif absent',
  ROUTAGE_ERR: 'Erreur de routage',
  AUTRE: 'Autre motif',
  COORD_BANC_ERR: 'Coordonnées bancaires erronées',
  TX_TVA_ERR: 'Taux de TVA erroné',
  MONTANTTOTAL_ERR: 'Montant total erroné',
  CALCUL_ERR: 'Erreur de calcul',
  NON_CONFORME: 'Facture non conforme',
  DOUBLON: 'Facture en double',
  DEST_INC: 'Destinataire inconnu',
  DEST_ERR: 'Destinataire erroné',
  TRANSAC_INC: 'Transaction inconnue',
  EMMET_INC: 'Émetteur inconnu',
  CONTRAT_TERM: 'Contrat terminé',
  DOUBLE_FACT: 'Double facturation',
  CMD_ERR: 'Référence de commande erronée',
  ADR_ERR: 'Adresse erronée',
  SIRET_ERR: 'SIRET erroné',
  CODE_ROUTAGE_ERR: 'Code de routage erroné',
  REF_CT_ABSENT: 'Référence du contrat absente',
  REF_ERR: 'Référence erronée',
  PU_ERR: 'Prix unitaire erroné',
  REM_ERR: 'Remise erronée',
  QTE_ERR: 'Quantité erronée',
  ART_ERR: 'Article erroné',
  MODPAI_ERR: 'Mode de paiement erroné',
  QUALITE_ERR: 'Qualité non conforme',
  LIVR_INCOMP: 'Livraison incomplète',
  REJ_SEMAN: 'Rejet sémantique',
  REJ_UNI: 'Rejet : facture déjà reçue',
  REJ_COH: 'Rejet : données incohérentes',
  REJ_ADR: 'Rejet : adresse de facturation électronique inconnue',
  REJ_CONT_B2G: 'Rejet : contrôle B2G',
  REJ_REF_PJ: 'Rejet : référence de pièce jointe',
  REJ_ASS_PJ: 'Rejet : pièce jointe associée',
  IRR_VIDE_F: 'Fichier vide',
  IRR_TYPE_F: 'Type de fichier non conforme',
  IRR_SYNTAX: 'Syntaxe non conforme',
  IRR_TAILLE_PJ: 'Pièce jointe trop lourde',
  IRR_NOM_PJ: 'Nom de pièce jointe non conforme',
  IRR_VID_PJ: 'Pièce jointe vide',
  IRR_EXT_DOC: 'Extension de pièce jointe non conforme',
  IRR_TAILLE_F: 'Fichier trop lourd',
  IRR_ANTIVIRUS: 'Virus détecté',
  IRR_NOM_F: 'Nom de fichier non conforme',
} as const satisfies Record<string, string>
export type LifecycleReasonCode = keyof typeof LIFECYCLE_REASONS

/** What the buyer or the platform asks the seller to do (BR-FR-CDV-CL-10), in French. */
export const LIFECYCLE_ACTIONS = {
  NOA: 'Aucune action demandée',
  PIN: 'Payer la facture',
  NIN: 'Émettre une nouvelle facture',
  CNF: 'Émettre un avoir total',
  CNP: 'Émettre un avoir partiel',
  CNA: 'Émettre un avoir',
  OTH: 'Autre action',
} as const satisfies Record<string, string>
export type LifecycleActionCode = keyof typeof LIFECYCLE_ACTIONS

/** The reasons a buyer may give for each status they send (BR-FR-CDV-CL-09 per status). */
export const BUYER_REASONS: Record<207 | 208 | 210, readonly LifecycleReasonCode[]> = {
  210: [
    'TX_TVA_ERR',
    'MONTANTTOTAL_ERR',
    'CALCUL_ERR',
    'NON_CONFORME',
    'DOUBLON',
    'DEST_ERR',
    'TRANSAC_INC',
    'EMMET_INC',
    'CONTRAT_TERM',
    'DOUBLE_FACT',
    'CMD_ERR',
    'ADR_ERR',
    'REF_CT_ABSENT',
  ],
  207: [
    'AUTRE',
    'TX_TVA_ERR',
    'MONTANTTOTAL_ERR',
    'CALCUL_ERR',
    'CMD_ERR',
    'ADR_ERR',
    'SIRET_ERR',
    'CODE_ROUTAGE_ERR',
    'REF_CT_ABSENT',
    'REF_ERR',
    'PU_ERR',
    'REM_ERR',
    'QTE_ERR',
    'ART_ERR',
    'MODPAI_ERR',
    'QUALITE_ERR',
    'LIVR_INCOMP',
  ],
  208: ['JUSTIF_ABS', 'COORD_BANC_ERR', 'CMD_ERR', 'SIRET_ERR', 'CODE_ROUTAGE_ERR', 'REF_CT_ABSENT', 'REF_ERR'],
}

/** How an invoice's flow stands in the outbox, as the lists tell it while it has no lifecycle status. */
export type FlowDelivery = 'queued' | 'sent' | 'failed' | 'skipped'
const DELIVERY_LABELS: Record<FlowDelivery, string> = {
  queued: "En file d'attente",
  sent: 'Transmise',
  failed: 'Non transmise',
  skipped: 'Par e-mail',
}

/** The list's badge of an invoice's network status: its last applied lifecycle status, else how its flow stands. */
export function listStatusOf(
  flowState: string,
  code: number | null,
): { code: number | null; label: string; delivery: FlowDelivery } {
  const delivery = flowState as FlowDelivery
  return code === null
    ? { code: null, label: DELIVERY_LABELS[delivery] ?? flowState, delivery }
    : { code, label: lifecycleStatusLabel(code), delivery }
}
