import {
  type AccountingEntryDto,
  allocationMessages,
  formatEuro,
  isNegative,
  type TransactionDto,
  type TransactionSuggestionDto,
} from '@app/domain'
import {
  Avatar,
  Box,
  Button,
  Checkbox,
  Group,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Tooltip,
  UnstyledButton,
} from '@mantine/core'
import {
  IconBuildingBank,
  IconChevronDown,
  IconCircleCheck,
  IconFileInvoice,
  IconLock,
  IconMessage,
  IconNote,
  IconPaperclip,
  IconQuestionMark,
  IconSparkles,
} from '@tabler/icons-react'
import { useEffect, useRef, useState } from 'react'
import { CategoryPicker } from './CategoryPicker'
import { HOLDING_CODE } from './categorySearch'
import { categorisedByInvoices, invoiceCategoryLabel } from './invoiceCategory'
import classes from './TransactionRow.module.css'
import { useSuggestions } from './transactionQueries'

/** Checked or validated: no selection, no category change (spec/money.md §2 "Transaction list item"). */
export const isLocked = (transaction: Pick<TransactionDto, 'isChecked' | 'isValidated'>) =>
  transaction.isChecked || transaction.isValidated

export const HOLDING_HINT = 'Catégorie d’attente : pense à la recatégoriser.'

/** True once the element has been on screen (at once where the browser cannot tell, as in tests). */
function useSeenOnce<T extends HTMLElement>() {
  const ref = useRef<T>(null)
  const [seen, setSeen] = useState(typeof IntersectionObserver === 'undefined')
  useEffect(() => {
    const node = ref.current
    if (seen || !node) return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        setSeen(true)
        observer.disconnect()
      }
    })
    observer.observe(node)
    return () => observer.disconnect()
  }, [seen])
  return { ref, seen }
}

/** "+1 234,50 €" in green for money in, "-12,00 €" for money out. */
export function SignedAmount({ value }: { value: string }) {
  const income = !isNegative(value)
  return (
    <Text
      fw={600}
      ta="right"
      c={income ? 'teal.7' : undefined}
      data-income={income || undefined}
      style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
    >
      {income ? '+' : ''}
      {formatEuro(value)}
    </Text>
  )
}

/** The state mark of a locked transaction, where the checkbox would be: a green tick, or a lock once validated. */
function LockMark({ transaction }: { transaction: TransactionDto }) {
  const label = transaction.isValidated ? 'Validée' : 'Vérifiée'
  return (
    <Tooltip label={label}>
      <ThemeIcon
        variant="transparent"
        color={transaction.isValidated ? 'gray' : 'teal'}
        size={20}
        aria-label={label}
        role="img"
      >
        {transaction.isValidated ? <IconLock size={18} /> : <IconCircleCheck size={18} />}
      </ThemeIcon>
    </Tooltip>
  )
}

type CategoryCellProps = {
  transaction: TransactionDto
  onPick: (category: AccountingEntryDto) => void
  onOpen: () => void
}

/**
 * The category button: the single part's category, 'Catégories multiples' (which opens the split), or
 * 'À catégoriser'; the holding account stands out as a category still to find. Disabled on a locked transaction.
 * A line that pays invoices without a split is categorised by them: it names them and opens the line, no picker.
 */
function CategoryCell({ transaction, onPick, onOpen }: CategoryCellProps) {
  if (categorisedByInvoices(transaction)) {
    const label = invoiceCategoryLabel(transaction.invoices)
    return (
      <Button
        size="compact-sm"
        variant="default"
        color="gray"
        onClick={onOpen}
        leftSection={<IconFileInvoice size={14} aria-hidden />}
        aria-label={`Catégorie de ${transaction.name} : ${label}`}
        maw={240}
        styles={{ label: { overflow: 'hidden', textOverflow: 'ellipsis' } }}
      >
        {label}
      </Button>
    )
  }
  const parts = transaction.transactionAllocations
  const locked = isLocked(transaction)
  const single = parts.length === 1 ? parts[0] : undefined
  const holding = single?.accountingEntry.code === HOLDING_CODE
  const label =
    parts.length === 0
      ? allocationMessages.toCategorize
      : parts.length > 1
        ? allocationMessages.multipleCategories
        : (single?.accountingEntry.name ?? '')
  const toFind = parts.length === 0 || holding
  const button = (onClick?: () => void) => (
    <Button
      size="compact-sm"
      variant={toFind ? 'light' : 'default'}
      color={toFind ? 'orange' : 'gray'}
      disabled={locked}
      onClick={onClick}
      leftSection={holding ? <IconQuestionMark size={14} /> : undefined}
      rightSection={locked ? undefined : <IconChevronDown size={14} />}
      aria-label={`Catégorie de ${transaction.name} : ${label}`}
      maw={240}
      styles={{ label: { overflow: 'hidden', textOverflow: 'ellipsis' } }}
    >
      {label}
    </Button>
  )
  if (locked || parts.length > 1) return button(parts.length > 1 ? onOpen : undefined)
  const picker = (
    <CategoryPicker
      value={single?.accountingEntryId ?? null}
      onChange={onPick}
      renderTarget={({ toggle }) => button(toggle)}
    />
  )
  return holding ? (
    <Tooltip label={HOLDING_HINT}>
      <Box>{picker}</Box>
    </Tooltip>
  ) : (
    picker
  )
}

/** Up to 3 categories for an uncategorised transaction, asked for once its row has been on screen. */
function Suggestions({
  transaction,
  seen,
  onPick,
}: {
  transaction: TransactionDto
  seen: boolean
  onPick: (suggestion: TransactionSuggestionDto) => void
}) {
  const suggestions = useSuggestions(transaction.id, seen)
  if (!suggestions.data?.length) return null
  return (
    <Group
      className={classes.above}
      gap={4}
      wrap="wrap"
      mt={6}
      ml={28}
      aria-label={`Suggestions pour ${transaction.name}`}
      role="group"
    >
      <IconSparkles size={14} color="var(--mantine-color-grape-6)" aria-hidden />
      {suggestions.data.map((suggestion) => (
        <Tooltip key={suggestion.accountingEntry.id} label={suggestion.accountingEntry.name} openDelay={400}>
          <Button
            size="compact-xs"
            radius="xl"
            variant="light"
            color="grape"
            maw={240}
            onClick={() => onPick(suggestion)}
            aria-label={`Catégoriser en ${suggestion.accountingEntry.name}`}
            styles={{ label: { overflow: 'hidden', textOverflow: 'ellipsis' } }}
          >
            {suggestion.accountingEntry.name}
          </Button>
        </Tooltip>
      ))}
    </Group>
  )
}

export type TransactionRowProps = {
  transaction: TransactionDto
  selected: boolean
  onSelect: (selected: boolean) => void
  onOpen: () => void
  onPickCategory: (category: AccountingEntryDto) => void
  onPickSuggestion: (suggestion: TransactionSuggestionDto) => void
}

/**
 * One bank transaction (spec/money.md §2 "Transaction list item"): checkbox (none when locked), bank, name with the
 * raw label in a tooltip, category button, suggestions when uncategorised, note, comments and attachments, amount.
 * A click anywhere else opens the transaction.
 */
export function TransactionRow({
  transaction,
  selected,
  onSelect,
  onOpen,
  onPickCategory,
  onPickSuggestion,
}: TransactionRowProps) {
  const locked = isLocked(transaction)
  const bank = transaction.bank.name
  const uncategorized = transaction.transactionAllocations.length === 0 && !categorisedByInvoices(transaction)
  const attachments = transaction.invoices.length + transaction.receipts.length
  const { ref, seen } = useSeenOnce<HTMLDivElement>()
  return (
    <Paper ref={ref} withBorder radius="md" px="md" py="sm" className={classes.row}>
      <Group wrap="wrap" gap="sm" align="center" style={{ rowGap: 6 }}>
        <Box className={classes.above} w={20} style={{ flexShrink: 0 }}>
          {locked ? (
            <LockMark transaction={transaction} />
          ) : (
            <Checkbox
              checked={selected}
              onChange={(event) => onSelect(event.currentTarget.checked)}
              aria-label={`Sélectionner ${transaction.name}`}
            />
          )}
        </Box>
        <UnstyledButton
          className={classes.open}
          onClick={onOpen}
          aria-label={`Ouvrir ${transaction.name}`}
          miw={0}
          style={{ flex: '1 1 14rem' }}
        >
          <Group wrap="nowrap" gap="sm" miw={0}>
            <Tooltip label={bank ?? 'Banque non identifiée'}>
              <Avatar
                className={classes.above}
                name={bank ?? undefined}
                color={bank ? 'initials' : 'gray'}
                radius="xl"
                size={32}
                aria-label={bank ?? 'Banque non identifiée'}
              >
                {bank ? undefined : <IconBuildingBank size={16} />}
              </Avatar>
            </Tooltip>
            <Stack gap={0} miw={0}>
              <Tooltip label={transaction.rawName} multiline maw={360} openDelay={200}>
                <Text
                  fw={600}
                  size="sm"
                  truncate
                  className={classes.above}
                  // Shrink-wrapped for its tooltip, yet never wider than the row: a long bank label is cut, not the page.
                  style={{ alignSelf: 'flex-start', maxWidth: '100%' }}
                >
                  {transaction.name}
                </Text>
              </Tooltip>
              <Group gap={8} wrap="nowrap" c="dimmed">
                <Text size="xs" c="dimmed" truncate>
                  {transaction.journal.name}
                </Text>
                {transaction.note ? (
                  <Tooltip label={transaction.note} multiline maw={320}>
                    <Group gap={2} wrap="nowrap" className={classes.above} aria-label="Note" role="img">
                      <IconNote size={14} />
                    </Group>
                  </Tooltip>
                ) : null}
                {transaction.commentCount > 0 ? (
                  <Group
                    gap={2}
                    wrap="nowrap"
                    aria-label={`${transaction.commentCount} commentaire${transaction.commentCount > 1 ? 's' : ''}`}
                    role="img"
                  >
                    <IconMessage size={14} />
                    <Text size="xs">{transaction.commentCount}</Text>
                  </Group>
                ) : null}
                {attachments > 0 ? (
                  <Group
                    gap={2}
                    wrap="nowrap"
                    aria-label={`${attachments} pièce${attachments > 1 ? 's' : ''} jointe${attachments > 1 ? 's' : ''}`}
                    role="img"
                  >
                    <IconPaperclip size={14} />
                    <Text size="xs">{attachments}</Text>
                  </Group>
                ) : null}
              </Group>
            </Stack>
          </Group>
        </UnstyledButton>
        <Box className={classes.above} style={{ flex: '0 1 auto', minWidth: 0 }}>
          <CategoryCell transaction={transaction} onPick={onPickCategory} onOpen={onOpen} />
        </Box>
        <Box w={120} ml="auto" style={{ flexShrink: 0 }}>
          <SignedAmount value={transaction.amount} />
        </Box>
      </Group>
      {uncategorized && !locked ? (
        <Suggestions transaction={transaction} seen={seen} onPick={onPickSuggestion} />
      ) : null}
    </Paper>
  )
}
