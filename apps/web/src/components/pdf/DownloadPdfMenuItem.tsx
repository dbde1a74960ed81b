import { Menu } from '@mantine/core'
import { IconDownload } from '@tabler/icons-react'
import { downloadDocumentPdf } from './download'
import type { PdfDocumentRef } from './urls'

/** "Télécharger le PDF", an entry of every document's actions menu (spec/sales.md §7: downloadPdfInvoice, downloadPdfQuote). */
export function DownloadPdfMenuItem({ doc }: { doc: PdfDocumentRef }) {
  return (
    <Menu.Item leftSection={<IconDownload size={16} />} onClick={() => void downloadDocumentPdf(doc)}>
      Télécharger le PDF
    </Menu.Item>
  )
}
