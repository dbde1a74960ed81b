import type { TransactionDto } from '@app/domain'
import { Accordion, SimpleGrid } from '@mantine/core'
import { Field } from '../../../../components/documents/documentUi'
import { formatInstantDateTime } from '../../../../components/instant'
import { ORIGIN_LABELS } from './TransactionSummary'

/** For the platform's admins (isAdmin, spec/money.md §6): the ids and timestamps support asks for. */
export function TechnicalDetails({ transaction }: { transaction: TransactionDto }) {
  return (
    <Accordion variant="contained" radius="md">
      <Accordion.Item value="technical">
        <Accordion.Control>Détails techniques</Accordion.Control>
        <Accordion.Panel>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Field label="Transaction">{`#${transaction.id}`}</Field>
            <Field label="Journal">{`#${transaction.journal.id} · ${transaction.journal.code}`}</Field>
            <Field label="Banque">{transaction.bank.name}</Field>
            <Field label="Origine">{`${ORIGIN_LABELS[transaction.origin]} (${transaction.origin})`}</Field>
            <Field label="Libellé brut">{transaction.rawName}</Field>
            <Field label="Référence">{transaction.reference}</Field>
            <Field label="Créée le">{formatInstantDateTime(transaction.createdAt)}</Field>
            <Field label="Modifiée le">{formatInstantDateTime(transaction.updatedAt)}</Field>
          </SimpleGrid>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  )
}
