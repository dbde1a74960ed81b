import { useLocation } from 'react-router'
import { useMe } from '../../../app/session'
import { LoadedForm, routeId } from '../../../components/LoadedForm'
import { ApiError } from '../../../lib/api'
import { CashSaleForm } from './CashSaleForm'
import { CASH_SALES_PATH } from './cashSaleForm'
import { useCashSale } from './cashSaleQueries'

/** /app/sales/money/new and /app/sales/money/{id} (spec/money.md §2). */
export function CashSalePage() {
  const id = routeId(CASH_SALES_PATH, useLocation().pathname)
  const allowed = useMe().data?.currentOrganization?.canSellCash ?? false
  const query = useCashSale(typeof id === 'number' ? id : null)
  if (id === 'new') return <CashSaleForm sale={null} allowed={allowed} />
  return (
    <LoadedForm
      query={
        id === null ? { ...query, isError: true, error: new ApiError(404, { message: '', code: 'NOT_FOUND' }) } : query
      }
      listPath={CASH_SALES_PATH}
      listLabel="Retour aux ventes au comptant"
      render={(sale) => <CashSaleForm key={sale.id} sale={sale} allowed={allowed} />}
    />
  )
}
