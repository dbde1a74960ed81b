/**
 * A lifecycle status message (CDAR D22B, "CrossDomainAcknowledgementAndResponse") as Carnet writes and reads it:
 * the invoice it speaks of, who says it to whom, the status, its reason and the action asked. cdar/build.ts writes
 * one that passes the France_RFE CDAR XSD and BR-FR-CDV schematron; cdar/read.ts reads any that does.
 */
export type CdarParty = {
  /** SIREN (scheme 0002) of the party. */
  siren: string
  name: string
  /** The electronic address (scheme 0225) when known. */
  address?: string | null
  /** Role (UNCL 3035 as the CDAR lists it): SE seller, BY buyer, WK platform, … */
  role: string
}

export type CdarPayment = {
  /** YYYY-MM-DD */ date: string /** per VAT rate: rate "20.00" and amount TTC received */
  amounts: { rate: string; amount: string }[]
}

export type CdarMessage = {
  /** The message's own id (unique per sender). */
  id: string
  /** ISO instant of issue. */
  issuedAt: string
  sender: CdarParty
  recipient: CdarParty
  /** The invoice spoken of: its number (BT-1), its date (YYYY-MM-DD), its type code (380, 381, 386), its seller. */
  invoice: { reference: string; datedAt: string; typeCode: string; sellerSiren: string; buyerSiren?: string | null }
  /** The status code (200…228). */
  status: number
  /** When the status happened (ISO instant). */
  statusAt: string
  reasonCode?: string | null
  reasonText?: string | null
  actionCode?: string | null
  /** Encaissée (212): the payment's date and the amounts received per VAT rate (BR-FR-CDV-14). */
  payment?: CdarPayment | null
}
