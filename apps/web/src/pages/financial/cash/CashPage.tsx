import { formatEuro, isNegative, messages } from '@app/domain'
import { Alert, Button, Group, Paper, Skeleton, Text } from '@mantine/core'
import { IconAlertTriangle, IconPlus } from '@tabler/icons-react'
import { Link, useNavigate } from 'react-router'
import { CashOperationRow } from '../../../components/cash/CashOperationRow'
import { groupByOperationMonth } from '../../../components/cash/groupByOperationMonth'
import { ListBody, ListPage } from '../../../components/list/ListPage'
import { listParamsSchema } from '../../../lib/listParams'
import { useListParams } from '../../../lib/useListParams'
import { CASH_PATH, cashOperationPath, useCashOperations } from './cashQueries'

const m = messages.cash

/** The cash balance at the top of the page: red, with the spec's warning, when it is below zero. */
function CashBalance({ balance, warning }: { balance: string | undefined; warning: string | null | undefined }) {
  const negative = balance !== undefined && isNegative(balance)
  return (
    <Paper component="section" withBorder radius="lg" p="md" aria-label={m.balance}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text fw={600} c="dimmed">
          {m.balance}
        </Text>
        {balance === undefined ? (
          <Skeleton height={28} width={120} />
        ) : (
          <Text fz={24} fw={700} c={negative ? 'red' : undefined} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatEuro(balance)}
          </Text>
        )}
      </Group>
      {warning ? (
        <Alert mt="sm" color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
          {warning}
        </Alert>
      ) : null}
    </Paper>
  )
}

/**
 * /app/financial/cash (spec/money.md §2): title Caisse, the cash balance at the top (red, with its warning, when
 * negative), the movements grouped by month, newest first, and "Nouveau mouvement".
 */
export function CashPage() {
  const list = useListParams(listParamsSchema)
  const navigate = useNavigate()
  const query = useCashOperations(list.params)
  const meta = query.data?.meta
  return (
    <ListPage
      title={m.title}
      count={meta?.total}
      list={list}
      withViewToggle={false}
      searchLabel="Rechercher un mouvement"
      action={
        <Button component={Link} to={`${CASH_PATH}/new`} leftSection={<IconPlus size={16} />}>
          {m.newOperation}
        </Button>
      }
    >
      <CashBalance balance={meta?.balance} warning={meta?.warning} />
      <ListBody
        query={query}
        list={{ ...list, params: { ...list.params, view: 'list' } }}
        keyOf={(operation) => operation.id}
        group={groupByOperationMonth}
        empty={m.empty}
        renderItem={(operation) => (
          <CashOperationRow operation={operation} onOpen={() => navigate(cashOperationPath(operation.id))} />
        )}
      />
    </ListPage>
  )
}
