import type { CdarMessage, CdarParty } from './types'

/** Parties of the test messages: a seller and a buyer (SIRENs with a valid Luhn key) and the seller's platform. */
export const SELLER: CdarParty = { siren: '732829320', name: 'Atelier Dupont', address: '732829320', role: 'SE' }
export const BUYER: CdarParty = {
  siren: '552081317',
  name: 'Client & Fils <SARL>',
  address: '552081317_ACHATS',
  role: 'BY',
}
export const PLATFORM: CdarParty = { siren: '356000000', name: 'Plateforme Test', address: null, role: 'WK' }

/**
 * A status message as Carnet would write it for `status`: the platform says the transmission statuses (200–203,
 * 213) to the seller, the buyer says the processing ones (204–211) to the seller, the seller says 212 and 220.
 */
export function sampleMessage(status: number, overrides: Partial<CdarMessage> = {}): CdarMessage {
  const fromPlatform = [200, 201, 202, 203, 213, 221].includes(status)
  const fromSeller = status === 212 || status === 220
  const sender = fromPlatform ? PLATFORM : fromSeller ? SELLER : BUYER
  const recipient = fromSeller ? BUYER : SELLER
  return {
    id: `CDV-${sender.siren}-${status}-0001`,
    issuedAt: '2026-09-15T09:30:00.000Z',
    sender,
    recipient,
    invoice: {
      reference: 'F-2026-0042',
      datedAt: '2026-09-10',
      typeCode: '380',
      sellerSiren: SELLER.siren,
      buyerSiren: BUYER.siren,
    },
    status,
    statusAt: '2026-09-15T09:25:00.000Z',
    reasonCode: null,
    reasonText: null,
    actionCode: null,
    payment: null,
    ...overrides,
  }
}
