import { PdfPreview } from '../pdf/PdfPreview'
import { documentPdfUrl } from '../pdf/urls'
import { usePreviewVersion } from '../pdf/usePreviewVersion'

/** The grid view's size of a preview (spec/sales.md §2 "Grid previews are 176x224"). */
export const THUMBNAIL = { width: 176, height: 224 } as const

/**
 * A document's preview in the grid view: the top of its PDF's first page, 176x224, drawn once the card comes near the
 * screen (a few at a time), and drawn again 2 s after the document changes (its updatedAt is in the URL).
 */
export function DocumentThumbnail({
  model,
  doc,
}: {
  model: 'invoices' | 'quotes'
  doc: { id: number; name: string; updatedAt: string }
}) {
  const version = usePreviewVersion(`${model}/${doc.id}`, doc.updatedAt)
  return (
    <PdfPreview
      url={documentPdfUrl({ model, id: doc.id }, { version })}
      label={doc.name}
      width={THUMBNAIL.width}
      height={THUMBNAIL.height}
      lazy
    />
  )
}
