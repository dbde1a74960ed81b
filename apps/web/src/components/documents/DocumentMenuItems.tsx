import { IconCheck, IconCopy, IconLink, IconMail, IconPencil, IconTrash } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { DownloadPdfMenuItem } from '../pdf/DownloadPdfMenuItem'
import type { MailDocumentKind } from './SendEmailDrawer'
import { RevokeShareLinkItem } from './ShareLinkItems'

/** The entries an invoice's and a quote's menus have alike, same label and icon (each menu places them in its order). */
export const DOCUMENT_ENTRIES = {
  edit: { action: 'edit', label: 'Modifier', icon: <IconPencil size={16} /> },
  validate: { action: 'validate', label: 'Valider', icon: <IconCheck size={16} /> },
  sendByEmail: { action: 'sendByEmail', label: 'Envoyer par e-mail', icon: <IconMail size={16} /> },
  resend: { action: 'resend', label: 'Renvoyer par e-mail', icon: <IconMail size={16} /> },
  share: { action: 'share', label: 'Copier le lien de partage', icon: <IconLink size={16} /> },
  duplicate: { action: 'duplicate', label: 'Dupliquer', icon: <IconCopy size={16} /> },
  delete: { action: 'delete', label: 'Supprimer', icon: <IconTrash size={16} />, color: 'red' },
} as const

/**
 * An invoice's or a quote's menu: "Télécharger le PDF" first, then its entries (`children`, those the state table
 * allows), and last "Désactiver le lien de partage" where the document may be shared (shown while a link is active).
 */
export function DocumentMenuItems({
  kind,
  id,
  shareable,
  children,
}: {
  kind: MailDocumentKind
  id: number
  shareable: boolean
  children: ReactNode
}) {
  return (
    <>
      <DownloadPdfMenuItem doc={{ model: kind === 'invoice' ? 'invoices' : 'quotes', id }} />
      {children}
      {shareable ? <RevokeShareLinkItem kind={kind} id={id} /> : null}
    </>
  )
}
