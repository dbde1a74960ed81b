import { type CardPaymentBody, type CardPaymentDto, cardPaymentSchema, type ItemResponse, messages } from '@app/domain'
import {
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  NumberInput,
  Paper,
  PasswordInput,
  Stack,
  Switch,
  Text,
  ThemeIcon,
} from '@mantine/core'
import { type UseFormReturnType, useForm } from '@mantine/form'
import { IconCreditCard } from '@tabler/icons-react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { Link } from 'react-router'
import { ErrorState } from '../../components/ErrorState'
import { FeatureGate } from '../../components/FeatureGate'
import { showServerErrors } from '../../components/formErrors'
import { SettingsSection } from '../../components/SettingsSection'
import { get, patch } from '../../lib/api'
import { zodValidate } from '../../lib/form'
import { toastSuccess } from '../../lib/toast'
import { paymentModesQueryKey } from './PaymentModesSection'

const c = messages.cardPayment
const queryKey = ['settings', 'card-payment']

type Values = {
  /** Empty: keep the stored key. */
  secretKey: string
  hasMinimum: boolean
  paymentMinimum: number | string
  hasLimit: boolean
  paymentLimit: number | string
}

/** What the form sends: the key only when one is typed; a limit whose toggle is off as null (spec/account.md §5). */
export function cardPaymentBody(values: Values): CardPaymentBody {
  const amount = (on: boolean, value: number | string) => (on ? (value === '' ? Number.NaN : Number(value)) : null)
  return {
    ...(values.secretKey.trim() ? { secretKey: values.secretKey.trim() } : {}),
    paymentMinimum: amount(values.hasMinimum, values.paymentMinimum),
    paymentLimit: amount(values.hasLimit, values.paymentLimit),
  }
}

const valuesOf = (settings: CardPaymentDto): Values => ({
  secretKey: '',
  hasMinimum: settings.paymentMinimum !== null,
  paymentMinimum: settings.paymentMinimum ?? '',
  hasLimit: settings.paymentLimit !== null,
  paymentLimit: settings.paymentLimit ?? '',
})

function CardPaymentForm({ settings }: { settings: CardPaymentDto }) {
  const client = useQueryClient()
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: valuesOf(settings),
    validate: (values) => zodValidate(cardPaymentSchema)(cardPaymentBody(values)),
  })
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form follows the server only when it answers anew.
  useEffect(() => form.setValues(valuesOf(settings)), [settings])

  const save = useMutation({
    mutationFn: (body: CardPaymentBody) => patch<ItemResponse<CardPaymentDto>>('/settings/card-payment', body),
    onSuccess: (response) => {
      client.setQueryData(queryKey, response.data)
      client.invalidateQueries({ queryKey: paymentModesQueryKey })
      toastSuccess(c.saved)
    },
    onError: (error) => showServerErrors(form, error),
  })

  return (
    <form onSubmit={form.onSubmit((values) => save.mutate(cardPaymentBody(values)))} noValidate>
      <Stack gap="lg">
        <SettingsSection
          title="Clé secrète Stripe"
          description="Tes clients paient tes factures par carte sur ton propre compte Stripe. Ta clé reste sur le serveur : seuls son début et ses 4 derniers caractères sont affichés."
        >
          <PasswordInput
            label={settings.hasSecretKey ? 'Remplacer la clé secrète' : 'Clé secrète'}
            description={
              settings.hasSecretKey
                ? `Clé enregistrée : ${settings.secretKeyHint}`
                : 'Elle commence par sk_live_ ou sk_test_.'
            }
            placeholder={settings.hasSecretKey ? 'Laisse vide pour garder la clé enregistrée' : 'sk_live_…'}
            autoComplete="off"
            maxLength={255}
            {...form.getInputProps('secretKey')}
          />
          {settings.hasSecretKey ? (
            <Group>
              <Button
                variant="subtle"
                color="red"
                size="compact-sm"
                loading={save.isPending}
                onClick={() => save.mutate({ secretKey: null })}
              >
                Supprimer la clé
              </Button>
            </Group>
          ) : null}
        </SettingsSection>

        <SettingsSection
          title="Montants acceptés"
          description="Le paiement par carte n'est proposé que pour les factures dont le total TTC est dans ces limites."
        >
          <Group align="flex-start" grow>
            <AmountLimit
              form={form}
              toggle="hasMinimum"
              field="paymentMinimum"
              label="Montant minimum"
              input="Minimum TTC"
            />
            <AmountLimit
              form={form}
              toggle="hasLimit"
              field="paymentLimit"
              label="Montant maximum"
              input="Maximum TTC"
            />
          </Group>
        </SettingsSection>

        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            Une fois la clé enregistrée, active « Paiement par carte » dans{' '}
            <Anchor component={Link} to="/app/setting/sales" size="sm">
              Ventes › Moyens de paiement
            </Anchor>
            .
          </Text>
          <Button type="submit" loading={save.isPending}>
            Enregistrer
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

/** One limit of the amounts: its switch, and the whole euros TTC once it is on (sent as null when off). */
function AmountLimit({
  form,
  toggle,
  field,
  label,
  input,
}: {
  form: UseFormReturnType<Values>
  toggle: 'hasMinimum' | 'hasLimit'
  field: 'paymentMinimum' | 'paymentLimit'
  label: string
  input: string
}) {
  return (
    <Stack gap="xs">
      <Switch label={label} {...form.getInputProps(toggle, { type: 'checkbox' })} />
      {form.values[toggle] ? (
        <NumberInput
          label={input}
          suffix=" €"
          min={1}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps(field)}
        />
      ) : null}
    </Stack>
  )
}

function CardPaymentUpsell() {
  return (
    <Paper withBorder radius="lg" p="xl" data-testid="card-payment-upsell">
      <Stack gap="sm" align="center" ta="center">
        <ThemeIcon size={48} radius="xl" variant="light" color="yellow">
          <IconCreditCard size={26} />
        </ThemeIcon>
        <Text fw={600} fz="lg">
          Paiement par carte
        </Text>
        <Text>{c.premiumRequired}</Text>
        <Button component={Link} to="/app/setting/subscription">
          Voir les formules
        </Button>
      </Stack>
    </Paper>
  )
}

/** /app/setting/card-payment: the organisation's payment provider (spec/account.md §2 "Payment-provider setup"). */
export function CardPaymentPage() {
  return (
    <FeatureGate feature="card_payment" upsell={<CardPaymentUpsell />}>
      <CardPaymentSettings />
    </FeatureGate>
  )
}

function CardPaymentSettings() {
  const settings = useQuery({
    queryKey,
    queryFn: async () => (await get<ItemResponse<CardPaymentDto>>('/settings/card-payment')).data,
  })
  if (settings.isPending)
    return (
      <Center py="xl">
        <Loader aria-label="Chargement" />
      </Center>
    )
  if (settings.isError) return <ErrorState onRetry={() => settings.refetch()} />
  return <CardPaymentForm settings={settings.data} />
}
