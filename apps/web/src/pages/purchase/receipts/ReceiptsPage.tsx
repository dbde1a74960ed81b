import { messages, type ReceiptDto } from '@app/domain'
import { Button, Group } from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import { useEffect, useMemo, useRef, useState } from 'react'
import { ConfirmModal } from '../../../components/ConfirmModal'
import { FiltersButton } from '../../../components/FiltersButton'
import { parseInstant } from '../../../components/instant'
import { ListBody, ListPage } from '../../../components/list/ListPage'
import { groupByMonth } from '../../../lib/grouping'
import { toastError, toastSuccess } from '../../../lib/toast'
import { useListParams } from '../../../lib/useListParams'
import { SuggestedMatches } from './matches/SuggestedMatches'
import { ReceiptDropzone } from './ReceiptDropzone'
import { ReceiptFilterDrawer } from './ReceiptFilterDrawer'
import { ReceiptPreviewDrawer } from './ReceiptPreviewDrawer'
import { ReceiptRow } from './ReceiptRow'
import {
  drawerFilterCount,
  emptyText,
  filterPatch,
  formOf,
  RECEIPT_TABS,
  type ReceiptFilterForm,
  type ReceiptTab,
  receiptParamsSchema,
  tabLabels,
  tabOf,
} from './receiptParams'
import { downloadReceipt, useDeleteReceipt, useReceiptList } from './receiptQueries'
import { useReceiptUpload } from './useReceiptUpload'

/** Sections by month of import (local time), newest first. */
export const groupByCreationMonth = (receipts: ReceiptDto[]) =>
  groupByMonth(receipts, (receipt) => parseInstant(receipt.createdAt).format('YYYY-MM-DD'))

async function download(receipt: ReceiptDto) {
  try {
    await downloadReceipt(receipt)
  } catch (error) {
    toastError(error)
  }
}

/**
 * /app/purchase/receipts (spec/money.md §2): title Justificatifs, "Nouveau justificatif" and the drop zone (up to 5
 * files at once), the tabs Tous / À associer / À traiter and the filter drawer in the URL, the receipts grouped by
 * month of import, each with its badge, its preview drawer, "Traiter" until validated, download and delete.
 */
export function ReceiptsPage() {
  const list = useListParams(receiptParamsSchema)
  const { params, set } = list
  const query = useReceiptList(params)
  const upload = useReceiptUpload()
  const remove = useDeleteReceipt()
  const openPicker = useRef<() => void>(null)
  const dropzone = useRef<HTMLDivElement>(null)
  const [filtersOpen, setFiltersOpen] = useState(false)
  const [deleting, setDeleting] = useState<ReceiptDto | null>(null)
  const tab = tabOf(params)
  const form = useMemo(() => formOf(params), [params])
  const drawerFilters = drawerFilterCount(params)
  const rows = query.data?.data ?? []
  const openId = params.open && /^\d+$/.test(params.open) ? Number(params.open) : null

  // The quick-create menu's link (?upload=true) lands on the drop zone, ready for Enter or a drop.
  const wantsUpload = params.upload === 'true'
  useEffect(() => {
    if (!wantsUpload) return
    dropzone.current?.focus()
    set({ upload: undefined, page: params.page })
  }, [wantsUpload, set, params.page])

  const confirmDelete = async () => {
    if (!deleting) return
    try {
      await remove.mutateAsync(deleting)
      toastSuccess(messages.receipts.deleted)
      if (openId === deleting.id) set({ open: undefined, page: params.page })
    } catch (error) {
      toastError(error)
    } finally {
      setDeleting(null)
    }
  }

  const applyFilters = (values: ReceiptFilterForm) => {
    set(filterPatch(values))
    setFiltersOpen(false)
  }
  const clearFilters = () => {
    set({ datedAfter: undefined, datedBefore: undefined, amountMin: undefined, amountMax: undefined })
    setFiltersOpen(false)
  }

  // The tab is the page's state, not a filter the empty state should blame: "Aucun justificatif à traiter".
  const bodyList = { ...list, activeFilters: list.activeFilters - (params.state ? 1 : 0) }

  return (
    <>
      <ListPage
        title={messages.receipts.title}
        count={query.data?.meta.total}
        list={list}
        withViewToggle={false}
        searchLabel="Rechercher un justificatif"
        tabs={RECEIPT_TABS.map((value) => ({ value, label: tabLabels[value] }))}
        tab={tab}
        onTabChange={(value) => set({ state: value === 'all' ? undefined : (value as Exclude<ReceiptTab, 'all'>) })}
        action={
          <Group gap="sm">
            <FiltersButton active={drawerFilters} onClick={() => setFiltersOpen(true)} />
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => openPicker.current?.()}
              loading={upload.uploading}
            >
              {messages.receipts.newReceipt}
            </Button>
          </Group>
        }
      >
        <ReceiptDropzone
          onDrop={(files) => void upload.add(files)}
          openRef={openPicker}
          rootRef={dropzone}
          progress={upload.progress}
        />
        <SuggestedMatches />
        <ListBody
          query={query}
          list={bodyList}
          keyOf={(receipt) => receipt.id}
          group={groupByCreationMonth}
          empty={emptyText(tab)}
          renderItem={(receipt) => (
            <ReceiptRow
              receipt={receipt}
              onOpen={() => set({ open: String(receipt.id), page: params.page })}
              onDownload={() => download(receipt)}
              onDelete={() => setDeleting(receipt)}
            />
          )}
        />
      </ListPage>
      <ReceiptFilterDrawer
        opened={filtersOpen}
        onClose={() => setFiltersOpen(false)}
        initial={form}
        onApply={applyFilters}
        onReset={clearFilters}
      />
      <ReceiptPreviewDrawer
        receiptId={openId}
        fromList={rows.find((receipt) => receipt.id === openId)}
        onClose={() => set({ open: undefined, page: params.page })}
        onDownload={download}
      />
      <ConfirmModal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        onConfirm={confirmDelete}
        title={messages.receipts.deleteConfirm}
        loading={remove.isPending}
      />
    </>
  )
}
