import type { AccountingEntryDto, TransactionBulkBody } from '@app/domain'
import { ActionBar, Button, Group, Modal, Stack, Text } from '@mantine/core'
import { IconCategory, IconCircleCheck, IconReceiptOff } from '@tabler/icons-react'
import { useState } from 'react'
import { CategoryPicker } from '../../../components/transactions/CategoryPicker'
import { useBulkAction } from '../../../components/transactions/transactionQueries'
import { toastRefusal } from '../../../components/transactions/transactionToasts'
import { toastSuccess } from '../../../lib/toast'

const plural = (count: number, word: string) => `${count} ${word}${count > 1 ? 's' : ''}`

/** "Même catégorie": the category every selected transaction gets, one part each with its VAT (spec/money.md §5). */
function SameCategoryModal({
  count,
  opened,
  onClose,
  onApply,
  pending,
}: {
  count: number
  opened: boolean
  onClose: () => void
  onApply: (category: AccountingEntryDto) => void
  pending: boolean
}) {
  const [category, setCategory] = useState<AccountingEntryDto | null>(null)
  const close = () => {
    setCategory(null)
    onClose()
  }
  return (
    <Modal opened={opened} onClose={close} title="Même catégorie" centered radius="lg">
      <Stack gap="md">
        <Text size="sm">La catégorie à donner aux {plural(count, 'transaction sélectionnée')} :</Text>
        <CategoryPicker
          aria-label="Catégorie à appliquer"
          value={category?.id ?? null}
          onChange={setCategory}
          placeholder="Choisis une catégorie"
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={pending}>
            Annuler
          </Button>
          <Button
            disabled={!category}
            loading={pending}
            onClick={() => {
              if (category) onApply(category)
              setCategory(null)
            }}
          >
            Appliquer
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}

/**
 * The bulk bar (spec/money.md §2, §4 "Grouped actions"), shown once more than one transaction is selected: validate,
 * same category, without receipt. All or nothing: a refusal shows the server's message and keeps the selection.
 */
export function BulkBar({ ids, onDone }: { ids: number[]; onDone: () => void }) {
  const bulk = useBulkAction()
  const [categoryOpen, setCategoryOpen] = useState(false)
  const run = (body: Omit<TransactionBulkBody, 'ids'>) =>
    bulk.mutate(
      { ...body, ids },
      {
        onSuccess: () => {
          toastSuccess()
          setCategoryOpen(false)
          onDone()
        },
        onError: (error) => {
          setCategoryOpen(false)
          toastRefusal(error)
        },
      },
    )

  return (
    <>
      <ActionBar opened={ids.length > 1} onClose={onDone} aria-label="Actions groupées" closeOnEscape>
        <Text size="sm" fw={600} px="xs">
          {plural(ids.length, 'sélectionnée')}
        </Text>
        <ActionBar.Divider />
        <Button
          variant="subtle"
          leftSection={<IconCircleCheck size={16} />}
          loading={bulk.isPending && bulk.variables?.action === 'validate'}
          disabled={bulk.isPending}
          onClick={() => run({ action: 'validate' })}
        >
          Valider
        </Button>
        <Button
          variant="subtle"
          leftSection={<IconCategory size={16} />}
          disabled={bulk.isPending}
          onClick={() => setCategoryOpen(true)}
        >
          Même catégorie
        </Button>
        <Button
          variant="subtle"
          leftSection={<IconReceiptOff size={16} />}
          loading={bulk.isPending && bulk.variables?.action === 'no-receipt'}
          disabled={bulk.isPending}
          onClick={() => run({ action: 'no-receipt' })}
        >
          Sans justificatif
        </Button>
        <ActionBar.Divider />
        <ActionBar.CloseButton aria-label="Vider la sélection" />
      </ActionBar>
      <SameCategoryModal
        count={ids.length}
        opened={categoryOpen}
        onClose={() => setCategoryOpen(false)}
        pending={bulk.isPending}
        onApply={(category) => run({ action: 'categorize', accountingEntryId: category.id })}
      />
    </>
  )
}
