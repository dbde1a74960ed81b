import { formatDateFr, type IsoDate, messages, TEXT_MAX, type TransactionDto } from '@app/domain'
import { Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core'
import type { ReactNode } from 'react'
import { Field } from '../../../../components/documents/documentUi'
import { formatInstantDateTime } from '../../../../components/instant'
import { Amount } from '../../../../components/journals/Amount'

/** Where a transaction comes from (spec/money.md §2 "origin and import date"). */
export const ORIGIN_LABELS: Record<TransactionDto['origin'], string> = {
  manual: 'Saisie manuelle',
  import: 'Import de relevé',
  bridge: 'Synchronisation bancaire',
  qonto: 'Connexion Qonto',
}

/**
 * The top of the drawer: the amount and date, the editable name, and what the bank said (raw label, counterparty,
 * reference), the account, the origin and the import date.
 */
export function TransactionSummary({
  transaction,
  name,
  nameError,
  onRename,
  locked,
  status,
}: {
  transaction: TransactionDto
  name: string
  nameError?: string
  onRename: (value: string) => void
  locked: boolean
  /** The check, lock and admin controls. */
  status: ReactNode
}) {
  const account = [transaction.journal.name, transaction.bank.name ?? messages.journals.unknownBank].join(' · ')
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={0}>
          <Amount value={transaction.amount} size="xl" ta="left" aria-label="Montant de la transaction" />
          <Text size="sm" c="dimmed">
            {formatDateFr(transaction.datedAt as IsoDate)}
            {transaction.isFuture ? ' · à venir' : ''}
          </Text>
        </Stack>
        {status}
      </Group>
      <TextInput
        label="Nom"
        value={name}
        onChange={(event) => onRename(event.currentTarget.value)}
        error={nameError}
        readOnly={locked}
        variant={locked ? 'filled' : 'default'}
        maxLength={TEXT_MAX}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Field label="Libellé bancaire">{transaction.rawName}</Field>
        <Field label="Compte bancaire">{account}</Field>
        {transaction.counterparty ? <Field label="Tiers">{transaction.counterparty}</Field> : null}
        {transaction.reference ? <Field label="Référence">{transaction.reference}</Field> : null}
        <Field label="Origine">{ORIGIN_LABELS[transaction.origin]}</Field>
        <Field label="Date d’import">{formatInstantDateTime(transaction.createdAt)}</Field>
      </SimpleGrid>
    </Stack>
  )
}
