import { useLocation } from 'react-router'
import { LoadedForm, routeId } from '../../../components/LoadedForm'
import { ApiError } from '../../../lib/api'
import { CashOperationForm } from './CashOperationForm'
import { CASH_PATH, useCashOperation } from './cashQueries'

/** /app/financial/cash/new and /app/financial/cash/{id} (spec/money.md §2). */
export function CashOperationPage() {
  const id = routeId(CASH_PATH, useLocation().pathname)
  const query = useCashOperation(typeof id === 'number' ? id : null)
  if (id === 'new') return <CashOperationForm operation={null} />
  return (
    <LoadedForm
      query={
        id === null ? { ...query, isError: true, error: new ApiError(404, { message: '', code: 'NOT_FOUND' }) } : query
      }
      listPath={CASH_PATH}
      listLabel="Retour à la caisse"
      render={(operation) => <CashOperationForm key={operation.id} operation={operation} />}
    />
  )
}
