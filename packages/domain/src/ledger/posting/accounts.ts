import { ACCOUNTING_HOLDING_CODE } from '../../reference/ids'
import type { Auxiliary, JournalForPosting, Party, VatKind } from './types'

export type LedgerAccount = { code: string; label: string }

/** The accounts the posting scheme names itself (decision 0024), with their labels in the PCG (../shared/data/pcg.csv). */
export const POSTING_ACCOUNTS = {
  customers: { code: '411', label: 'Clients' },
  customerDeposits: { code: '4191', label: 'Clients - Avances et acomptes reçus sur commandes' },
  suppliers: { code: '401', label: 'Fournisseurs' },
  vatCollected: { code: '44571', label: 'TVA collectée' },
  /**
   * Collected VAT not due yet (services under encaissements, deposits): it moves to 44571 when the customer pays, so
   * that 44571 holds exactly the VAT due at each date (decision 0024 "VAT").
   */
  vatCollectedPending: { code: '44574', label: 'TVA collectée sur encaissements en attente' },
  vatDeductible: { code: '44566', label: 'TVA sur autres biens et services' },
  vatOnFixedAssets: { code: '44562', label: 'TVA sur immobilisations' },
  services: { code: '706', label: 'Prestations de services' },
  goods: { code: '707', label: 'Ventes de marchandises' },
  deliveryFees: { code: '7085', label: 'Ports et frais accessoires facturés' },
  /** Débours: paid in the customer's name and re-invoiced at cost, outside the VAT base and outside revenue. */
  disbursements: { code: '467', label: 'Divers comptes débiteurs et produits à recevoir' },
  /**
   * The holding category's own code, so that a line nobody categorised and a line split on "Compte d'attente" land
   * on one account.
   */
  suspense: { code: ACCOUNTING_HOLDING_CODE, label: "Compte d'attente" },
  /**
   * A customer's payment recorded by hand (a cheque, cash, a transfer not imported yet) waits here until its bank line
   * is reconciled with it: that bank line then carries the payment, and this entry goes (decision 0034).
   */
  paymentsToReconcile: { code: '511', label: "Valeurs à l'encaissement" },
} as const satisfies Record<string, LedgerAccount>

export const SALES_JOURNAL: JournalForPosting = { code: 'VT', label: 'Ventes' }
export const PURCHASES_JOURNAL: JournalForPosting = { code: 'HA', label: 'Achats' }

/** The customer's auxiliary account (CompAuxNum "C42"), so that 411 can be read customer by customer. */
export const customerAuxiliary = (customer: Party): Auxiliary => ({ code: `C${customer.id}`, label: customer.name })
/** The supplier's auxiliary account ("F17"): a contact both customer and supplier keeps two separate balances. */
export const supplierAuxiliary = (supplier: Party): Auxiliary => ({ code: `F${supplier.id}`, label: supplier.name })

/** Deductible VAT on a fixed asset (class 2) goes to 44562 (CA3 line 19), on anything else to 44566 (line 20). */
export const deductibleVatAccount = (accountCode: string): LedgerAccount =>
  accountCode.startsWith('2') ? POSTING_ACCOUNTS.vatOnFixedAssets : POSTING_ACCOUNTS.vatDeductible

const VAT_ACCOUNT_LABELS: Record<string, string> = Object.fromEntries(
  [POSTING_ACCOUNTS.vatCollected, POSTING_ACCOUNTS.vatDeductible, POSTING_ACCOUNTS.vatOnFixedAssets].map((a) => [
    a.code,
    a.label,
  ]),
)

/** A VAT account given by code (a tax's account_code): its label, and whether it holds collected or deductible VAT. */
export function vatAccount(code: string): LedgerAccount & { kind: VatKind } {
  if (!code.startsWith('4456') && !code.startsWith('4457')) throw new RangeError(`Not a VAT account: ${code}`)
  return {
    code,
    label: VAT_ACCOUNT_LABELS[code] ?? (code.startsWith('4457') ? 'TVA collectée' : 'TVA déductible'),
    kind: code.startsWith('4457') ? 'collected' : 'deductible',
  }
}

/**
 * Whether an account holds goods or services, for the VAT's chargeability (decision 0024 "VAT"): purchases and sales
 * of goods (601–605, 607, 701–705, 707, 709), fixed assets (class 2); everything else services.
 */
export const accountNature = (code: string): 'goods' | 'services' =>
  /^(60[1-57]|70[1-57]|709|2)/.test(code) ? 'goods' : 'services'
