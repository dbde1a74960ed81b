import type { PrintModelLoader } from '../../printing/load'
import { buildCdar } from '../cdar/build'
import { CdarError, ROLE_BUYER, ROLE_SELLER } from '../cdar/syntax'
import type { FilePlan } from './attempt'
import { paymentOfTrackingId, paymentPerRate } from './encaissee'
import { asciiFileName } from './invoice-file'
import { sendingMessages as m } from './messages'
import type { FlowRow } from './repo'

/** UNTDID 1001 of the invoice spoken of: a credit note 381, a deposit invoice 386, else 380. */
const typeCodeOf = (document: { isCreditNote: boolean; isDeposit: boolean }) =>
  document.isCreditNote ? '381' : document.isDeposit ? '386' : '380'

/**
 * The CDAR of an Encaissée (212), written when it is sent from the payment as it is now: a payment removed since is
 * not told (skipped). The seller says it (SE) to the buyer (BY); the amounts are the payment's per VAT rate.
 */
export async function planEncaissee(
  deps: { printModels: PrintModelLoader },
  flow: FlowRow,
  context: { receivingAddress: string | null; now: Date },
): Promise<FilePlan> {
  if (flow.invoiceId === null) return { kind: 'skipped' }
  const print = await deps.printModels.invoice({ organizationId: flow.organizationId }, flow.invoiceId)
  const { document, seller, buyer } = print
  const payment = paymentOfTrackingId(flow.trackingId, document.payments)
  if (!payment) return { kind: 'skipped' }
  if (!seller.siren) return { kind: 'invalid', message: m.sellerSiren }
  const buyerSiren = buyer?.siren?.slice(0, 9) ?? null
  if (!buyer || !buyerSiren) return { kind: 'invalid', message: m.buyerSiren(buyer?.name ?? document.name) }
  const at = context.now.toISOString()
  try {
    const xml = buildCdar({
      id: flow.trackingId,
      issuedAt: at,
      sender: { siren: seller.siren, name: seller.name, address: context.receivingAddress, role: ROLE_SELLER },
      recipient: { siren: buyerSiren, name: buyer.name, address: null, role: ROLE_BUYER },
      invoice: {
        reference: document.reference ?? '',
        datedAt: document.datedAt,
        typeCode: typeCodeOf(document),
        sellerSiren: seller.siren,
        buyerSiren,
      },
      status: 212,
      statusAt: `${payment.paidAt}T12:00:00.000Z`,
      payment: paymentPerRate(payment, document.vatBreakdown),
    })
    return {
      kind: 'ready',
      fileName: asciiFileName(`encaissement-${document.reference ?? document.id}-${payment.paidAt}.xml`),
      content: Buffer.from(xml, 'utf8'),
    }
  } catch (error) {
    if (error instanceof CdarError) return { kind: 'invalid', message: error.message }
    throw error
  }
}
