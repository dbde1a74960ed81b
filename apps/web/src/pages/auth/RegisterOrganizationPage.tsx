import {
  type ItemResponse,
  type OrganizationCreateInput,
  type OrganizationDto,
  organizationCreateSchema,
} from '@app/domain'
import { Alert, Button, Group, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { IconInfoCircle } from '@tabler/icons-react'
import { useMutation } from '@tanstack/react-query'
import { useNavigate, useSearchParams } from 'react-router'
import { redirectQuery, safeRedirect } from '../../app/redirect'
import { useMe, useRefreshMe } from '../../app/session'
import { showServerErrors } from '../../components/formErrors'
import { ReferenceSelect, useReferenceList } from '../../components/ReferenceSelect'
import { post } from '../../lib/api'
import { zodValidate } from '../../lib/form'
import { AuthLayout } from './AuthLayout'

type Values = {
  organizationName: string
  legalFormId: string | null
  sectorId: string | null
  taxRegimeId: string | null
  taxAreaId: string | null
  /** "true" or "false" once answered ("Oui" / "Non"); empty until then. */
  canSellCash: string
}

/** The body as the shared schema reads it: an unanswered question stays unanswered, so the schema refuses it. */
function toBody(values: Values): OrganizationCreateInput {
  return {
    organizationName: values.organizationName,
    legalFormId: values.legalFormId ?? 0,
    sectorId: values.sectorId ?? 0,
    taxRegimeId: values.taxRegimeId ?? 0,
    taxAreaId: values.taxAreaId ?? 0,
    canSellCash: (values.canSellCash === '' ? null : values.canSellCash === 'true') as boolean,
  }
}

const validateBody = zodValidate(organizationCreateSchema)

/** Sign-up, step two: the organisation. It becomes the current one, then the sign-up is done. */
export function RegisterOrganizationPage() {
  const [searchParams] = useSearchParams()
  const redirect = safeRedirect(searchParams.get('redirect'))
  const navigate = useNavigate()
  const me = useMe()
  const refreshMe = useRefreshMe()
  const legalForms = useReferenceList('/legal-forms')

  const form = useForm<Values>({
    initialValues: {
      organizationName: '',
      legalFormId: null,
      sectorId: null,
      taxRegimeId: null,
      taxAreaId: null,
      canSellCash: '',
    },
    validate: (values) => validateBody(toBody(values)),
  })

  const create = useMutation({
    mutationFn: (values: Values) =>
      post<ItemResponse<OrganizationDto>>(
        '/auth/register/organization',
        organizationCreateSchema.parse(toBody(values)),
      ),
    onSuccess: async () => {
      await refreshMe()
      navigate(`/auth/register/done${redirectQuery(redirect)}`, { replace: true })
    },
    onError: (error) => showServerErrors(form, error),
  })

  const referenceMissing = legalForms.isSuccess && legalForms.data.length === 0
  const firstname = me.data?.firstname

  return (
    <AuthLayout
      size="md"
      eyebrow="Étape 2 sur 2"
      title="Parle-nous de ton entreprise"
      description={`${firstname ? `Bienvenue ${firstname} ! ` : ''}Ces informations servent à préparer tes factures et ta comptabilité. Tu pourras les modifier plus tard.`}
    >
      <form onSubmit={form.onSubmit((values) => create.mutate(values))} noValidate>
        <Stack gap="md">
          {referenceMissing ? (
            <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />}>
              Les listes de formes juridiques ne sont pas encore disponibles. Réessaye dans quelques instants.
            </Alert>
          ) : null}
          <TextInput
            label="Nom de l'entreprise"
            autoComplete="organization"
            withAsterisk
            autoFocus
            {...form.getInputProps('organizationName')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <ReferenceSelect
              path="/legal-forms"
              label="Forme juridique"
              placeholder="Choisis ta forme juridique"
              searchable
              withAsterisk
              {...form.getInputProps('legalFormId')}
            />
            <ReferenceSelect
              path="/sectors"
              label="Secteur d'activité"
              placeholder="Recherche ton secteur"
              searchable
              withAsterisk
              {...form.getInputProps('sectorId')}
            />
            <ReferenceSelect
              path="/tax-regimes"
              label="Régime de T.V.A."
              placeholder="Choisis ton régime"
              withAsterisk
              {...form.getInputProps('taxRegimeId')}
            />
            <ReferenceSelect
              path="/tax-areas"
              label="Zone fiscale"
              placeholder="Choisis ta zone"
              withAsterisk
              {...form.getInputProps('taxAreaId')}
            />
          </SimpleGrid>
          <Radio.Group
            label="Fais-tu des ventes au comptant ?"
            description="Des ventes encaissées immédiatement, sans facture envoyée (commerce, marché…)."
            withAsterisk
            {...form.getInputProps('canSellCash')}
          >
            <Group gap="xl" mt={8}>
              <Radio value="true" label="Oui" />
              <Radio value="false" label="Non" />
            </Group>
          </Radio.Group>
          <Button type="submit" size="md" fullWidth loading={create.isPending} mt="xs">
            Terminer mon inscription
          </Button>
          <Text size="xs" c="dimmed" ta="center">
            Ton essai gratuit démarre dès la création de ton entreprise.
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  )
}
