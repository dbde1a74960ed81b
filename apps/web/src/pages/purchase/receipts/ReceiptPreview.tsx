import { messages, type ReceiptDto } from '@app/domain'
import { Box, Image } from '@mantine/core'
import { useState } from 'react'
import { PdfPreview } from '../../../components/pdf/PdfPreview'
import { EInvoiceReadableView } from './EInvoiceReadableView'
import { PreviewUnavailable } from './PreviewUnavailable'
import { receiptFileUrl } from './receiptQueries'

/** A CII or UBL file: XML no browser shows, which the server reads for the readable view. */
const isXmlEInvoice = (receipt: Pick<ReceiptDto, 'mimeType'> & Partial<Pick<ReceiptDto, 'eInvoiceFormat'>>) =>
  receipt.mimeType === 'application/xml' || receipt.eInvoiceFormat === 'cii' || receipt.eInvoiceFormat === 'ubl'

/**
 * The receipt's file as it was sent: an image as itself, a PDF drawn page by page by the sales side's PDF preview, a
 * CII or UBL e-invoice laid out by its readable view; 'Prévisualisation indisponible' when the file cannot be shown.
 */
export function ReceiptPreview({
  receipt,
}: {
  receipt: Pick<ReceiptDto, 'id' | 'name' | 'mimeType'> & Partial<Pick<ReceiptDto, 'eInvoiceFormat'>>
}) {
  const [failed, setFailed] = useState(false)
  const url = receiptFileUrl(receipt)
  if (isXmlEInvoice(receipt)) return <EInvoiceReadableView key={receipt.id} receiptId={receipt.id} />
  if (receipt.mimeType === 'application/pdf')
    return <PdfPreview key={receipt.id} url={url} label={receipt.name} urgent withPages />
  if (!receipt.mimeType.startsWith('image/') || failed)
    return <PreviewUnavailable message={messages.documents.noPreview} />
  return (
    <Box
      style={{
        borderRadius: 'var(--mantine-radius-sm)',
        boxShadow: '0 0 0 1px var(--mantine-color-default-border)',
        overflow: 'hidden',
      }}
    >
      <Image
        key={receipt.id}
        src={url}
        alt={`Aperçu de ${receipt.name}`}
        fit="contain"
        onError={() => setFailed(true)}
      />
    </Box>
  )
}
