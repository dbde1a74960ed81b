import { formatEuro } from '@app/domain'
import { Table, VisuallyHidden } from '@mantine/core'
import { IconCheck, IconMinus } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { billingTexts as t } from '../../../components/billing/billingTexts'
import { COMPARED_PLANS, type Plan } from '../../../components/billing/plans'
import { SettingsSection } from '../../../components/SettingsSection'

function Included({ yes }: { yes: boolean }) {
  return yes ? (
    <IconCheck size={18} color="var(--mantine-color-teal-6)" aria-label={t.included} role="img" />
  ) : (
    <IconMinus size={18} color="var(--mantine-color-dimmed)" aria-label={t.notIncluded} role="img" />
  )
}

/**
 * The plan comparison of spec/account.md §2: Pop, Pop+, Classic, Classic+; collaborators 1, 5, 5, 10 and the income and
 * expense ledger in the Pop plans only (§6), read from the plans themselves.
 */
export function ComparisonTable({ plans }: { plans: readonly Plan[] }) {
  const columns = COMPARED_PLANS.map((code) => plans.find((plan) => plan.code === code)).filter(
    (plan): plan is Plan => plan !== undefined,
  )
  if (columns.length === 0) return null
  const row = (label: string, cell: (plan: Plan) => ReactNode) => (
    <Table.Tr>
      <Table.Th scope="row" fw={500}>
        {label}
      </Table.Th>
      {columns.map((plan) => (
        <Table.Td key={plan.code} ta="center">
          {cell(plan)}
        </Table.Td>
      ))}
    </Table.Tr>
  )
  return (
    <SettingsSection title={t.comparisonTitle} id="plan-comparison">
      <Table.ScrollContainer minWidth={480}>
        <Table verticalSpacing="sm" aria-labelledby="plan-comparison-title">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <VisuallyHidden>{t.offerLabel}</VisuallyHidden>
              </Table.Th>
              {columns.map((plan) => (
                <Table.Th key={plan.code} ta="center" scope="col">
                  {plan.name}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {row(t.comparisonMonthlyPrice, (plan) => formatEuro(plan.price))}
            {row(t.comparisonCollaborators, (plan) => plan.maxCollaborators)}
            {row(t.comparisonLedger, (plan) => (
              <Included yes={plan.features.includes('ledger')} />
            ))}
            {row(t.comparisonRecurring, (plan) => (
              <Included yes={plan.features.includes('recurring_invoices')} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </SettingsSection>
  )
}
