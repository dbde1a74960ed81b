import { type CardPaymentAvailabilityDto, formatEuro, type ItemResponse, messages } from '@app/domain'
import { Alert, Button, Loader } from '@mantine/core'
import { IconCircleCheck, IconCreditCard } from '@tabler/icons-react'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useSearchParams } from 'react-router'
import { get, post } from '../../lib/api'
import { toastError } from '../../lib/toast'

const c = messages.cardPayment
const path = (token: string) => `/public/documents/${encodeURIComponent(token)}/card-payment`

/**
 * "Payer par carte" on a shared invoice: shown when its organisation takes card payments and the invoice is still owed
 * within its limits; it leads to Stripe's payment page, which comes back here with ?paiement=ok.
 */
export function CardPaymentButton({ token }: { token: string }) {
  const [searchParams] = useSearchParams()
  if (searchParams.get('paiement') === 'ok')
    return <PaymentReturn token={token} sessionId={searchParams.get('session')} />
  return <PayButton token={token} />
}

/** Back from Stripe's page: the server reads the session there and marks the invoice paid when it is. */
function PaymentReturn({ token, sessionId }: { token: string; sessionId: string | null }) {
  const confirm = useMutation({
    mutationFn: async (id: string) =>
      (await post<ItemResponse<{ paid: boolean }>>(`${path(token)}/confirm`, { sessionId: id })).data,
  })
  const { mutate } = confirm
  useEffect(() => {
    if (sessionId) mutate(sessionId)
  }, [sessionId, mutate])
  if (confirm.data?.paid)
    return (
      <Alert color="teal" icon={<IconCircleCheck size={18} />} role="status">
        {c.paid}
      </Alert>
    )
  if (confirm.isPending) return <Loader size="sm" aria-label="Confirmation du paiement" />
  return (
    <Alert color="yellow" role="status">
      {c.pending}
    </Alert>
  )
}

function PayButton({ token }: { token: string }) {
  const availability = useQuery({
    queryKey: ['public-document', token, 'card-payment'],
    queryFn: async () => (await get<ItemResponse<CardPaymentAvailabilityDto>>(path(token))).data,
    retry: false,
  })
  const pay = useMutation({
    mutationFn: async () => (await post<ItemResponse<{ url: string }>>(path(token))).data,
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) => toastError(error),
  })

  const amount = availability.data?.amount
  if (!availability.data?.available || !amount) return null
  return (
    <Button
      color="teal"
      leftSection={<IconCreditCard size={16} />}
      loading={pay.isPending || pay.isSuccess}
      onClick={() => pay.mutate()}
    >
      {`${c.pay} — ${formatEuro(amount)}`}
    </Button>
  )
}
