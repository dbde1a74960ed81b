/**
 * The shapes of the ledger (decision 0024): an entry (écriture) of balanced lines, as the pure posting functions build
 * it from an event and the server stores it in `ledger_entries` / `ledger_lines`. What the database adds (organisation,
 * fiscal year, number continuous per journal, source, lettering code and date) is not here: it does not depend on the
 * event's amounts.
 */

export type VatKind = 'collected' | 'deductible'
export type VatNature = 'goods' | 'services'
/**
 * When the VAT counts in a return: 'invoice' = at the entry's date (an invoice, a receipt, a bank or cash line: the
 * event itself); 'payment' = when the customer's line is lettered with its payment (services under encaissements,
 * deposits), decision 0024 "VAT".
 */
export type VatDueOn = 'invoice' | 'payment'
/**
 * What a sale at 0 % is on the CA3 (box E1 or F2); absent, a French operation (E2 when at 0 %). Only sales at 0 % carry
 * one: the ledger records what the return cannot tell from the rate alone.
 */
export type VatOperation = 'export' | 'intraCommunitySupply'

/**
 * What the VAT report and the CA3 need of a line. On a base line (70x, 6xx, 4191…) `base` is the line's own amount;
 * on a VAT line (4457x, 4456x) it is the base that VAT was computed on. Signed as the operation: positive for a sale
 * or a purchase, negative for what undoes one (credit note, refund, reversal).
 */
export type VatTag = {
  /** Canonical percentage: "20", "5.5", "0". */
  ratePercent: string
  base: string
  kind: VatKind
  nature: VatNature
  dueOn: VatDueOn
  operation?: VatOperation
}

/** A customer (411), supplier (401): the FEC's CompAuxNum and CompAuxLib. */
export type Auxiliary = { code: string; label: string }

export type PostingLine = {
  /** PCG account number (CompteNum): "411", "706", "5121". */
  accountCode: string
  accountLabel: string
  auxiliary?: Auxiliary | null
  /** EcritureLib. */
  label: string
  /** Two decimals, never negative; one of debit and credit is "0.00". */
  debit: string
  credit: string
  vat?: VatTag | null
  /**
   * The piece whose customer or supplier line this line settles (a bank line paying invoice F-2026-0007): the server
   * letters the pair. Null elsewhere.
   */
  settles?: { pieceRef: string } | null
}

export type PostingEntry = {
  /** VT, HA, BQ1, CAI1, ES1, CC1, EX1… (JournalCode). */
  journalCode: string
  journalLabel: string
  /** YYYY-MM-DD (EcritureDate). */
  date: string
  label: string
  /** The document's reference (PieceRef) and date (PieceDate). */
  pieceRef: string
  pieceDate: string
  lines: PostingLine[]
}

/** A journal as the posting needs it; treasury journals carry their own account (5121, 5301, 4551…, decision 0018). */
export type JournalForPosting = { code: string; label: string }
export type TreasuryJournalForPosting = JournalForPosting & {
  accountCode: string
  /** The account's label in the books; the journal's name when not given ("CCA Jeanne Martin"). */
  accountLabel?: string
}

export type Party = { id: number; name: string }
