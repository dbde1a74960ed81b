import { canInvoice, type InvoiceStateCode } from '@app/domain'
import { Button, Group, Stack } from '@mantine/core'
import { IconDownload, IconRosetteDiscountCheck } from '@tabler/icons-react'
import { useState } from 'react'
import { downloadDocumentPdf } from '../../pdf/download'
import { PdfPreview } from '../../pdf/PdfPreview'
import { documentPdfUrl } from '../../pdf/urls'
import { usePreviewVersion } from '../../pdf/usePreviewVersion'
import { useInvoice, useQuote } from '../documentQueries'
import type { DocumentSubject } from './subject'

/**
 * The drawer's Aperçu tab: the PDF's pages at the drawer's width, refreshed 2 s after the document changes, and its
 * downloads: "Télécharger le PDF", and "Facture acquittée" for a paid invoice (spec/sales.md §4).
 */
export function PreviewTab({ subject }: { subject: DocumentSubject }) {
  const invoice = useInvoice(subject.model === 'invoices' ? subject.id : null).data
  const quote = useQuote(subject.model === 'quotes' ? subject.id : null).data
  const name = (subject.model === 'invoices' ? invoice?.name : quote?.name) ?? ''
  const version = usePreviewVersion(`${subject.model}/${subject.id}`, subject.updatedAt)
  const [downloading, setDownloading] = useState<'pdf' | 'paid' | null>(null)
  const paid =
    invoice !== undefined &&
    canInvoice('paidPdf', {
      stateCode: invoice.state.code as InvoiceStateCode,
      isCreditNote: invoice.isCreditNote,
      hasContact: invoice.contactId !== null,
      linesCount: invoice.lines.length,
    })

  const download = async (kind: 'pdf' | 'paid') => {
    setDownloading(kind)
    try {
      await downloadDocumentPdf(subject, { paid: kind === 'paid' })
    } finally {
      setDownloading(null)
    }
  }

  return (
    <Stack gap="sm">
      <Group gap="xs" wrap="wrap">
        <Button
          variant="default"
          size="xs"
          leftSection={<IconDownload size={16} />}
          loading={downloading === 'pdf'}
          onClick={() => download('pdf')}
        >
          Télécharger le PDF
        </Button>
        {paid ? (
          <Button
            variant="default"
            size="xs"
            leftSection={<IconRosetteDiscountCheck size={16} />}
            loading={downloading === 'paid'}
            onClick={() => download('paid')}
          >
            Facture acquittée
          </Button>
        ) : null}
      </Group>
      {/* Another document starts on its first page, without the previous one's image. */}
      <PdfPreview
        key={`${subject.model}/${subject.id}`}
        url={documentPdfUrl(subject, { version })}
        label={name}
        urgent
        withPages
      />
    </Stack>
  )
}
