import { normalizeBic, normalizeIban } from '../schemas/bank-details'

/** A bank as the bank balance block shows it: its name and, for a regional bank, the network it belongs to. */
export type BankIdentity = { name: string; parentName: string | null }

/**
 * Banks by the institution code of their BIC (its first four letters, ISO 9362), the surest way to name a bank.
 * French networks first, then the neobanks French businesses use. Regional banks share their network's code.
 */
const BY_BIC: Record<string, BankIdentity> = {
  AGRI: { name: 'Crédit Agricole', parentName: null },
  BNPA: { name: 'BNP Paribas', parentName: null },
  BOUS: { name: 'BoursoBank', parentName: 'Société Générale' },
  BRED: { name: 'BRED', parentName: 'Banque Populaire' },
  CCBP: { name: 'Banque Populaire', parentName: 'BPCE' },
  CCFR: { name: 'CCF', parentName: null },
  CCOP: { name: 'Crédit Coopératif', parentName: 'BPCE' },
  CEPA: { name: "Caisse d'Épargne", parentName: 'BPCE' },
  CMBR: { name: 'Crédit Mutuel de Bretagne', parentName: 'Crédit Mutuel Arkéa' },
  CMCI: { name: 'Crédit Mutuel - CIC', parentName: null },
  CRLY: { name: 'LCL', parentName: 'Crédit Agricole' },
  FTNO: { name: 'Fortuneo', parentName: 'Crédit Mutuel Arkéa' },
  NTSB: { name: 'N26', parentName: null },
  PSST: { name: 'La Banque Postale', parentName: null },
  QNTO: { name: 'Qonto', parentName: null },
  REVO: { name: 'Revolut', parentName: null },
  SOGE: { name: 'Société Générale', parentName: null },
  TRWI: { name: 'Wise', parentName: null },
}

/** French banks by the 5-digit bank code of a French IBAN (code banque), for accounts without a BIC. */
const BY_FRENCH_BANK_CODE: Record<string, BankIdentity> = {
  '10278': { name: 'Crédit Mutuel', parentName: null },
  '10907': { name: 'Banque Populaire Aquitaine Centre Atlantique', parentName: 'Banque Populaire' },
  '15589': { name: 'Crédit Mutuel de Bretagne', parentName: 'Crédit Mutuel Arkéa' },
  '16958': { name: 'Qonto', parentName: null },
  '18706': { name: 'Crédit Agricole Île-de-France', parentName: 'Crédit Agricole' },
  '20041': { name: 'La Banque Postale', parentName: null },
  '30002': { name: 'LCL', parentName: 'Crédit Agricole' },
  '30003': { name: 'Société Générale', parentName: null },
  '30004': { name: 'BNP Paribas', parentName: null },
  '30066': { name: 'CIC', parentName: 'Crédit Mutuel - CIC' },
  '40618': { name: 'BoursoBank', parentName: 'Société Générale' },
}

/** The bank of an account from its BIC, else from a French IBAN's bank code; null when neither names one. */
export function bankOf(account: { iban?: string | null; bic?: string | null }): BankIdentity | null {
  const bic = account.bic ? normalizeBic(account.bic) : ''
  const byBic = BY_BIC[bic.slice(0, 4)]
  if (byBic) return byBic
  const iban = account.iban ? normalizeIban(account.iban) : ''
  if (iban.startsWith('FR') || iban.startsWith('MC')) return BY_FRENCH_BANK_CODE[iban.slice(4, 9)] ?? null
  return null
}
export * from './connections'
