import { type CardPaymentAvailabilityDto, formatEuro, type ItemResponse, messages } from '@app/domain'
import { Alert, Button } from '@mantine/core'
import { IconCircleCheck, IconCreditCard } from '@tabler/icons-react'
import { useMutation, useQuery } from '@tanstack/react-query'
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

  if (searchParams.get('paiement') === 'ok')
    return (
      <Alert color="teal" icon={<IconCircleCheck size={18} />} role="status">
        {c.paid}
      </Alert>
    )
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
