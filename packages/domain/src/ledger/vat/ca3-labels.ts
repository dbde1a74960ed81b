import type { Ca3Boxes, Ca3RateLineCode } from './ca3'

/** Every code the return fills: the boxes, and the rate lines of gross VAT. */
export type Ca3BoxCode = Exclude<keyof Ca3Boxes, 'lines'> | Ca3RateLineCode

/** The boxes' labels as printed on the 3310-CA3-SD, for the PDF and the screen alike. */
export const CA3_LABELS: Record<Ca3BoxCode, string> = {
  A1: 'Ventes, prestations de services',
  B2: 'Acquisitions intracommunautaires',
  B5: 'Régularisations',
  E1: 'Exportations hors UE',
  E2: 'Autres opérations non imposables',
  F2: 'Livraisons intracommunautaires à destination d’une personne assujettie – Ventes B to B',
  F8: 'Régularisations',
  '08': 'Taux normal 20 %',
  '09': 'Taux réduit 5,5 %',
  '9B': 'Taux réduit 10 %',
  T6: 'France continentale – Taux 2,1 %',
  '15': 'TVA antérieurement déduite à reverser',
  '16': 'Total de la TVA brute due (lignes 08 à 5B)',
  '17': 'Dont TVA sur acquisitions intracommunautaires',
  '19': 'Biens constituant des immobilisations',
  '20': 'Autres biens et services',
  '21': 'Autre TVA à déduire',
  '22': 'Report du crédit apparaissant ligne 27 de la précédente déclaration',
  '23': 'Total TVA déductible (lignes 19 à 2C)',
  '25': 'Crédit de TVA (ligne 23 – ligne 16)',
  '27': 'Crédit à reporter (ligne 25 – ligne 26 – ligne AA)',
  TD: 'TVA due (ligne 16 – ligne 23)',
  '28': 'TVA nette due (ligne TD – ligne X5)',
  '32': 'Total à payer (lignes 28 + 29 – AB)',
}

export const CA3_SECTIONS = {
  operations: 'A – Montant des opérations réalisées',
  taxed: 'Opérations taxées (H.T.)',
  untaxed: 'Opérations non taxées',
  settlement: 'B – Décompte de la TVA à payer',
  gross: 'TVA brute',
  deductible: 'TVA déductible',
  credit: 'Crédit',
  payable: 'Taxe à payer',
} as const

export type Ca3FormSection = 'taxed' | 'untaxed' | 'gross' | 'deductible' | 'credit' | 'payable'

/** The boxes in the form's order, by section: how the screen and the API lay the return out. */
export const CA3_FORM: readonly { section: Ca3FormSection; codes: readonly Ca3BoxCode[] }[] = [
  { section: 'taxed', codes: ['A1', 'B2', 'B5'] },
  { section: 'untaxed', codes: ['E1', 'E2', 'F2', 'F8'] },
  { section: 'gross', codes: ['08', '09', '9B', 'T6', '15', '16', '17'] },
  { section: 'deductible', codes: ['19', '20', '21', '22', '23'] },
  { section: 'credit', codes: ['25', '27'] },
  { section: 'payable', codes: ['TD', '28', '32'] },
]
