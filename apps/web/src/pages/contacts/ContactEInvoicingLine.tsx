import type { ContactEInvoicingDto } from '@app/domain'
import { Group, Text, ThemeIcon } from '@mantine/core'
import { IconMail, IconPlugConnected } from '@tabler/icons-react'
import { parisDay } from '../../components/e-invoicing/parisTime'
import { platformName } from '../../components/e-invoicing/platformName'

/** The directory's answer in one sentence: the customer's e-invoicing address, or why its invoices leave by e-mail. */
export function eInvoicingSentence(info: ContactEInvoicingDto): string {
  if (!info.reachable || !info.address)
    return "Facturation électronique : pas encore dans l'annuaire, ses factures partent par e-mail"
  const platform = info.platform ? ` (${platformName(info.platform)})` : ''
  return `Facturation électronique : reçoit ses factures à l'adresse ${info.address}${platform}`
}

/** In the customer's details: whether it receives e-invoices, where, and when the directory said so. */
export function ContactEInvoicingLine({ info }: { info: ContactEInvoicingDto | null | undefined }) {
  if (!info) return null
  const reachable = info.reachable && info.address !== null
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start" aria-label="Facturation électronique">
      <ThemeIcon variant="light" color={reachable ? 'teal' : 'gray'} radius="xl" size="md">
        {reachable ? <IconPlugConnected size={16} aria-hidden /> : <IconMail size={16} aria-hidden />}
      </ThemeIcon>
      <div style={{ minWidth: 0 }}>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {eInvoicingSentence(info)}
        </Text>
        <Text size="xs" c="dimmed">
          Annuaire consulté le {parisDay(info.checkedAt)}
        </Text>
      </div>
    </Group>
  )
}
