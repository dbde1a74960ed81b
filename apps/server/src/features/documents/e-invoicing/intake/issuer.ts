import { child, readXmlTree, textAt } from '../cdar/xml-tree'

/** Who issued the statuses of a CDAR (ExchangedDocument/IssuerTradeParty): its role and name, when it says. */
export type StatusIssuer = { role: string; name: string | null }

/**
 * A PA that relays a buyer's status sends it as itself (SenderTradeParty, role WK) and names the buyer as the issuer
 * (IssuerTradeParty, role BY): who said it is the issuer, read here since the message's `sender` is the transmitter.
 */
export function issuerOf(xml: string): StatusIssuer | null {
  try {
    const issuer = child(readXmlTree(xml), 'ExchangedDocument', 'IssuerTradeParty')
    const role = textAt(issuer, 'RoleCode')
    return role ? { role, name: textAt(issuer, 'Name') } : null
  } catch {
    return null
  }
}
