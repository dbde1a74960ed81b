import { messages } from '@app/domain'
import { Alert, Button } from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import { Link, useNavigate } from 'react-router'
import { useMe } from '../../../app/session'
import { CashOperationRow } from '../../../components/cash/CashOperationRow'
import { groupByOperationMonth } from '../../../components/cash/groupByOperationMonth'
import { ListBody, ListPage } from '../../../components/list/ListPage'
import { listParamsSchema } from '../../../lib/listParams'
import { useListParams } from '../../../lib/useListParams'
import { CASH_SALES_PATH, cashSalePath } from './cashSaleForm'
import { useCashSales } from './cashSaleQueries'

const m = messages.cashSales

/**
 * /app/sales/money (spec/money.md §2): the cash sales, grouped by month, newest first, and "Nouvelle vente au
 * comptant" for an organisation that sells over the counter; the others read what they recorded before.
 */
export function CashSalesPage() {
  const list = useListParams(listParamsSchema)
  const navigate = useNavigate()
  const query = useCashSales(list.params)
  const allowed = useMe().data?.currentOrganization?.canSellCash ?? false
  return (
    <ListPage
      title={m.title}
      count={query.data?.meta.total}
      list={list}
      withViewToggle={false}
      searchLabel="Rechercher une vente"
      action={
        allowed ? (
          <Button component={Link} to={`${CASH_SALES_PATH}/new`} leftSection={<IconPlus size={16} />}>
            {m.newSale}
          </Button>
        ) : undefined
      }
    >
      {allowed ? null : (
        <Alert color="gray" variant="light" role="status">
          {m.notAllowed}
        </Alert>
      )}
      <ListBody
        query={query}
        list={{ ...list, params: { ...list.params, view: 'list' } }}
        keyOf={(sale) => sale.id}
        group={groupByOperationMonth}
        empty={m.empty}
        renderItem={(sale) => <CashOperationRow operation={sale} onOpen={() => navigate(cashSalePath(sale.id))} />}
      />
    </ListPage>
  )
}
