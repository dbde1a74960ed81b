import { Anchor, Box, Button, Center, Checkbox, Group, List, Loader, Paper, Stack, Text, Title } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { meQueryKey } from '../../../app/session'
import { billingKey, useBillingSubscription, useCancelSubscription } from '../../../components/billing/billingQueries'
import { billingTexts as t } from '../../../components/billing/billingTexts'
import { SUBSCRIPTION_PATH } from '../../../components/billing/paths'
import { isPaidPlan } from '../../../components/billing/plans'
import { ErrorState } from '../../../components/ErrorState'
import { toastError, toastSuccess } from '../../../lib/toast'
import { dayFr } from './dates'

/** What stopping the subscription means, before the box to tick. */
function Consequences({ until }: { until: string | null }) {
  return (
    <Stack gap="sm">
      <Text>
        {until
          ? `Ton abonnement reste actif jusqu’au ${dayFr(until)}, la fin de la période que tu as déjà payée. Tu ne seras plus prélevé·e ensuite, et aucun remboursement n’est fait pour la période en cours.`
          : 'Ton abonnement reste actif jusqu’à la fin de la période que tu as déjà payée. Tu ne seras plus prélevé·e ensuite, et aucun remboursement n’est fait pour la période en cours.'}
      </Text>
      <Text>À cette date, ton entreprise passe à la formule gratuite. Concrètement :</Text>
      <List size="sm" spacing={6}>
        <List.Item>
          la synchronisation de tes comptes bancaires s’arrête : tes nouvelles transactions ne seront plus importées
          automatiquement ;
        </List.Item>
        <List.Item>
          tes factures récurrentes ne sont plus créées ni envoyées, et les relances des factures en retard s’arrêtent ;
        </List.Item>
        <List.Item>
          les notes de frais, les justificatifs, les règles d’affectation, le livre des recettes et des dépenses, les
          alertes de seuils et les notifications ne sont plus accessibles ;
        </List.Item>
        <List.Item>le paiement de tes factures par carte est désactivé ;</List.Item>
        <List.Item>
          la formule gratuite compte un seul utilisateur : tu ne pourras plus inviter de collaborateur ni
          d’expert-comptable.
        </List.Item>
      </List>
      <Text>
        Tes données ne sont pas supprimées : tes devis, factures, clients et ta comptabilité restent là, et tu retrouves
        tout dès que tu reprends une formule.
      </Text>
    </Stack>
  )
}

/**
 * /app/setting/subscription/cancel (spec/account.md §2, §4 "Subscription suspension"): the consequences, a box to accept
 * them, "Annuler" back to /app and "Suspendre mon abonnement" once ticked.
 */
export function CancelSubscriptionPage() {
  const subscription = useBillingSubscription()
  const cancel = useCancelSubscription()
  const client = useQueryClient()
  const navigate = useNavigate()
  const [accepted, setAccepted] = useState(false)

  if (subscription.isPending)
    return (
      <Center py="xl">
        <Loader aria-label="Chargement" />
      </Center>
    )
  if (subscription.isError) return <ErrorState onRetry={() => subscription.refetch()} />
  const current = subscription.data

  const suspend = () =>
    cancel.mutate(undefined, {
      onSuccess: () => {
        toastSuccess(t.suspended)
        client.invalidateQueries({ queryKey: billingKey })
        client.invalidateQueries({ queryKey: meQueryKey })
        navigate(SUBSCRIPTION_PATH)
      },
      onError: () => toastError(undefined, t.suspendFailed),
    })

  const nothingToStop = !isPaidPlan(current.planCode) || current.onGracePeriod
  return (
    <Stack gap="lg">
      <Box>
        <Title order={2} size="h3">
          {t.cancelPageTitle}
        </Title>
      </Box>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        {nothingToStop ? (
          <Stack gap="md" align="flex-start">
            <Text>
              {current.onGracePeriod && current.endsAt ? t.alreadyCancelled(dayFr(current.endsAt)) : t.noSubscription}
            </Text>
            <Anchor component={Link} to={SUBSCRIPTION_PATH}>
              {t.backToSubscription}
            </Anchor>
          </Stack>
        ) : (
          <Stack gap="lg">
            <Consequences until={current.currentPeriodEnd} />
            <Checkbox
              label={t.cancelPageAccept}
              checked={accepted}
              onChange={(event) => setAccepted(event.currentTarget.checked)}
            />
            <Group justify="flex-end" gap="sm">
              <Button component={Link} to="/app" variant="default">
                {t.cancelPageBack}
              </Button>
              <Button color="red" onClick={suspend} disabled={!accepted} loading={cancel.isPending}>
                {t.cancelPageTitle}
              </Button>
            </Group>
          </Stack>
        )}
      </Paper>
    </Stack>
  )
}
