import { type ItemResponse, messages, type ShareLinkDto } from '@app/domain'
import { Menu } from '@mantine/core'
import { IconLinkOff } from '@tabler/icons-react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { del, get, post } from '../../lib/api'
import { toastError, toastSuccess, toastWithTitle } from '../../lib/toast'
import { invoicesKey, quotesKey } from './documentQueries'
import { toastActionError } from './documentUi'
import type { MailDocumentKind } from './SendEmailDrawer'

const pathOf = (kind: MailDocumentKind) => (kind === 'invoice' ? 'invoices' : 'quotes')
const shareKey = (kind: MailDocumentKind, id: number) => [
  ...(kind === 'invoice' ? invoicesKey : quotesKey),
  'share',
  id,
]

/** Copies to the clipboard; false when the browser refuses (no permission, not a secure page). */
async function copyText(text: string) {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    return false
  }
}

/**
 * "Copier le lien de partage": asks for the document's public link (the same one while it is active), copies it and
 * says so (spec/sales.md §8, 3 s like the other copy toasts). When the clipboard is refused, the toast shows the link.
 */
export function useCopyShareLink(kind: MailDocumentKind) {
  const client = useQueryClient()
  const create = useMutation({
    mutationFn: async (id: number) =>
      (await post<ItemResponse<ShareLinkDto>>(`/${pathOf(kind)}/${id}/public-url`)).data,
    onSuccess: (link, id) => client.setQueryData(shareKey(kind, id), link),
  })
  return (id: number) =>
    create.mutate(id, {
      onSuccess: async ({ url }) => {
        if (await copyText(url)) toastSuccess(messages.sending.shareLinkCopied, 3000)
        else toastWithTitle({ title: 'Lien de partage', message: url, autoClose: 15000 })
      },
      onError: toastActionError,
    })
}

/** "Désactiver le lien de partage", shown only while the document has an active link. */
export function RevokeShareLinkItem({ kind, id }: { kind: MailDocumentKind; id: number }) {
  const client = useQueryClient()
  const current = useQuery({
    queryKey: shareKey(kind, id),
    queryFn: async () => (await get<ItemResponse<{ url: string | null }>>(`/${pathOf(kind)}/${id}/public-url`)).data,
  })
  // The toasts live on the mutation, not on `mutate`: the menu closes on the click and unmounts this item, and
  // React Query drops a call's own callbacks once its component is gone (a slow answer lost the toast).
  const revoke = useMutation({
    mutationFn: () => del(`/${pathOf(kind)}/${id}/public-url`),
    onSuccess: () => {
      client.setQueryData(shareKey(kind, id), { url: null })
      toastSuccess(messages.sending.shareLinkRevoked)
    },
    onError: (error) => toastError(error),
  })
  if (!current.data?.url) return null
  return (
    <Menu.Item color="red" leftSection={<IconLinkOff size={16} />} onClick={() => revoke.mutate()}>
      Désactiver le lien de partage
    </Menu.Item>
  )
}
