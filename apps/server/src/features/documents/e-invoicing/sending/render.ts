import type { InvoicePrint } from '@app/domain'
import type { Storage } from '../../../../lib/storage'
import { type FacturXNetwork, facturXml } from '../../factur-x/cii'
import { createAssetStore } from '../../pdf/assets'
import { pdfFilename } from '../../pdf/labels'
import { renderDocumentPdf } from '../../pdf/render'

/**
 * The Factur-X PDF an invoice travels as on the network: the same PDF as the download, its XML with what the network
 * adds (both parties' electronic addresses BT-34/BT-49, the billing frame of an invoice already paid). Rendered here
 * rather than through the PDF service's cache: the download's XML carries no network fields.
 */
export async function renderNetworkInvoice(storage: Storage, print: InvoicePrint, network: FacturXNetwork) {
  const files = await createAssetStore(storage).forBranding(print.branding)
  const body = await renderDocumentPdf(print, { ...files, facturX: facturXml(print, network) })
  return { filename: pdfFilename(print), body }
}

/** Paid in full by the day it was issued: billing frame 2 (B2/S2/M2, BR-FR-CO-09). */
export const alreadyPaidAtIssue = (document: InvoicePrint['document']) =>
  document.state.code === 'PAID' && document.paymentDateAt !== null && document.paymentDateAt <= document.datedAt
