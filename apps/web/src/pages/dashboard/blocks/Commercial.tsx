import type { DashboardPeriod } from '@app/domain'
import { SimpleGrid } from '@mantine/core'
import { euros } from '../format'
import { useDashboard } from '../queries'
import { LINKS } from './Cards'
import { StatCard } from './StatCard'

const plural = (count: number, word: string) => `${count} ${word}${count > 1 ? 's' : ''}`

/**
 * The commercial block (spec/account.md §2): quotes sent waiting for an answer, invoices waiting for their payment
 * (their summary asked from 2000-01-01, spec §7), and the monthly recurring revenue against the month before.
 */
export function Commercial({ period, enabled }: { period: DashboardPeriod; enabled: boolean }) {
  const quotes = useDashboard('quotes', period, enabled).data
  const invoices = useDashboard('invoices', { from: '2000-01-01', to: period.to }, enabled).data
  const mrr = useDashboard('mrr', period, enabled).data
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      <StatCard
        title="Devis envoyés"
        value={quotes ? euros(quotes.sent.sum) : null}
        caption={quotes ? `${quotes.sent.count} devis en attente de réponse` : undefined}
        link={{ to: LINKS.quotes, label: 'Voir les devis en attente' }}
      />
      <StatCard
        title="Factures en attente"
        value={invoices ? euros(invoices.pending.sum) : null}
        caption={
          invoices
            ? `${plural(invoices.pending.count, 'facture')} en attente, ${plural(invoices.late.count, 'facture')} en retard`
            : undefined
        }
        link={{ to: LINKS.invoices, label: 'Voir les factures en attente' }}
      />
      <StatCard
        title="Revenu récurrent mensuel"
        value={mrr ? euros(mrr.lastPeriodAmount) : null}
        trend={mrr?.trend}
        caption={mrr ? `Mois précédent : ${euros(mrr.previousPeriodAmount)}` : undefined}
      />
    </SimpleGrid>
  )
}
