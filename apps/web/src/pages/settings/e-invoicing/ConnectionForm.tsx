import { type EInvoicingConnectionDto, eInvoicingConnectionSchema, eInvoicingMessages } from '@app/domain'
import { Button, Group, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { IconPlugConnected } from '@tabler/icons-react'
import { useState } from 'react'
import { type ConnectionBody, toastRefusal, useConnect } from '../../../components/e-invoicing/eInvoicingQueries'
import { showServerErrors } from '../../../components/formErrors'
import { SettingsSection } from '../../../components/SettingsSection'
import { ApiError } from '../../../lib/api'
import { zodValidate } from '../../../lib/form'
import { toastSuccess } from '../../../lib/toast'
import { isTwoFactorMissing, TwoFactorCodeModal } from './TwoFactorCodeModal'

type Values = {
  flowUrl: string
  directoryUrl: string
  tokenUrl: string
  clientId: string
  /** Empty: keep the secret saved. */
  clientSecret: string
  platformOrganizationId: string
}

const valuesOf = (connection: EInvoicingConnectionDto): Values => ({
  flowUrl: connection.flowUrl ?? '',
  directoryUrl: connection.directoryUrl ?? '',
  tokenUrl: connection.tokenUrl ?? '',
  clientId: connection.clientId ?? '',
  clientSecret: '',
  platformOrganizationId: connection.platformOrganizationId ?? '',
})

/** What is sent besides the code: the secret only when one is typed, no Organization-Id as null. */
export const connectionFields = (values: Values): Omit<ConnectionBody, 'code'> => ({
  flowUrl: values.flowUrl.trim(),
  directoryUrl: values.directoryUrl.trim(),
  tokenUrl: values.tokenUrl.trim(),
  clientId: values.clientId.trim(),
  ...(values.clientSecret.trim() ? { clientSecret: values.clientSecret.trim() } : {}),
  platformOrganizationId: values.platformOrganizationId.trim() || null,
})

const fieldsSchema = eInvoicingConnectionSchema.omit({ code: true })

/**
 * The PA's access: its Flow and Directory services, its token address and the client credentials it gave. Sending
 * asks the owner's code first (a modal); the server's field errors come back under their fields.
 */
export function ConnectionForm({
  connection,
  onCancel,
}: {
  connection: EInvoicingConnectionDto
  /** When editing a connection already made: back to its view. */
  onCancel?: () => void
}) {
  const connect = useConnect()
  const [asking, setAsking] = useState(false)
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: valuesOf(connection),
    validate: (values) => {
      const errors = zodValidate(fieldsSchema)(connectionFields(values))
      if (!connection.hasClientSecret && !values.clientSecret.trim())
        errors.clientSecret = eInvoicingMessages.clientSecret
      return errors
    },
  })

  const send = (code: string) =>
    connect.mutate(
      { ...connectionFields(form.values), code },
      {
        onSuccess: () => {
          setAsking(false)
          toastSuccess(eInvoicingMessages.connected)
          onCancel?.()
        },
        onError: (error) => {
          // The code's refusal and the missing second factor stay in the modal; the rest goes back to the form.
          if (isTwoFactorMissing(error) || (error instanceof ApiError && error.fieldErrors.code)) return
          setAsking(false)
          showServerErrors(form, error, toastRefusal)
        },
      },
    )

  return (
    <>
      <form
        onSubmit={form.onSubmit(() => {
          connect.reset()
          setAsking(true)
        })}
        noValidate
      >
        <SettingsSection
          title="Accès à ta plateforme agréée"
          description="Recopie ici ce que ta plateforme t'a donné en créant ton accès API (norme AFNOR XP Z12-013)."
        >
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              <TextInput
                label="Adresse du service Flow"
                description="Où partent tes factures et d'où viennent leurs statuts."
                placeholder="https://api.flow.ma-plateforme.fr/flow-service"
                withAsterisk
                inputMode="url"
                {...form.getInputProps('flowUrl')}
              />
              <TextInput
                label="Adresse du service Annuaire"
                description="Où Carnet vérifie qui peut recevoir des factures électroniques."
                placeholder="https://api.directory.ma-plateforme.fr/directory-service"
                withAsterisk
                inputMode="url"
                {...form.getInputProps('directoryUrl')}
              />
              <TextInput
                label="Adresse des jetons (OAuth2)"
                description="Où Carnet demande la clé d'accès de chaque échange."
                placeholder="https://auth.ma-plateforme.fr/oauth/token"
                withAsterisk
                inputMode="url"
                {...form.getInputProps('tokenUrl')}
              />
              <TextInput
                label="Identifiant client (client_id)"
                withAsterisk
                autoComplete="off"
                {...form.getInputProps('clientId')}
              />
              <PasswordInput
                label={connection.hasClientSecret ? 'Remplacer le secret client' : 'Secret client (client_secret)'}
                description={
                  connection.hasClientSecret
                    ? 'Un secret est enregistré : laisse vide pour le garder.'
                    : 'Il reste chiffré sur le serveur et ne sera plus jamais affiché.'
                }
                withAsterisk={!connection.hasClientSecret}
                autoComplete="new-password"
                {...form.getInputProps('clientSecret')}
              />
              <TextInput
                label="Organization-Id (facultatif)"
                description="Seulement si ta plateforme te l'a donné (un accès pour plusieurs entreprises)."
                autoComplete="off"
                {...form.getInputProps('platformOrganizationId')}
              />
            </SimpleGrid>
            <Group justify="flex-end" gap="sm">
              {onCancel ? (
                <Button variant="default" onClick={onCancel}>
                  Annuler
                </Button>
              ) : null}
              <Button type="submit" leftSection={<IconPlugConnected size={16} aria-hidden />}>
                {connection.connected ? 'Enregistrer les accès' : 'Relier la plateforme'}
              </Button>
            </Group>
          </Stack>
        </SettingsSection>
      </form>
      <TwoFactorCodeModal
        opened={asking}
        title="Confirme avec ta double authentification"
        description="Pour relier ton entreprise à une plateforme agréée, saisis le code affiché par ton application d'authentification."
        confirmLabel={connection.connected ? 'Enregistrer' : 'Relier'}
        loading={connect.isPending}
        error={connect.error}
        onClose={() => setAsking(false)}
        onSubmit={send}
      />
    </>
  )
}
