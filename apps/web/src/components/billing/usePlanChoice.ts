import type { BillingSubscriptionDto, PaidPlanCode } from '@app/domain'
import { useState } from 'react'
import { toastError, toastWithTitle } from '../../lib/toast'
import { useSubscribe } from './billingQueries'
import { billingTexts as t } from './billingTexts'
import { browser } from './browser'
import { isPaidPlan, type Plan } from './plans'

/**
 * Choosing a plan: without one, subscribing (POST /subscription) and leaving for the provider's payment page; with
 * one, the plan change modal (`changing`).
 */
export function usePlanChoice(subscription: BillingSubscriptionDto | undefined) {
  const subscribe = useSubscribe()
  const [changing, setChanging] = useState<Plan | null>(null)

  const choose = (plan: Plan) => {
    if (!subscription || !isPaidPlan(plan.code)) return
    if (isPaidPlan(subscription.planCode)) {
      setChanging(plan)
      return
    }
    subscribe.mutate(plan.code as PaidPlanCode, {
      onSuccess: (checkout) => {
        // Our server always answers the provider's hosted page (url): confirming a clientSecret on our own page would
        // need the provider's card script, which this app does not load. A bare clientSecret is then a failure.
        if (checkout.url) browser.assign(checkout.url)
        else toastWithTitle({ title: t.paymentFailed, message: t.genericError, color: 'red', autoClose: 20_000 })
      },
      onError: (error) => toastError(error),
    })
  }

  return {
    choose,
    /** The plan whose subscription is on its way to the provider (its button spins). */
    pendingCode: subscribe.isPending || subscribe.isSuccess ? (subscribe.variables ?? null) : null,
    changing,
    stopChanging: () => setChanging(null),
  }
}
