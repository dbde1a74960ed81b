import { type OrganizationCreateInput, organizationCreateSchema } from '@app/domain'
import { Button, Group, Modal, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useMutation } from '@tanstack/react-query'
import { post } from '../lib/api'
import { zodValidate } from '../lib/form'
import { showServerErrors } from './formErrors'
import { ReferenceSelect } from './ReferenceSelect'

type Values = {
  organizationName: string
  legalFormId: string | null
  sectorId: string | null
  taxRegimeId: string | null
  taxAreaId: string | null
  /** "true" or "false" once answered ("Oui" / "Non"). */
  canSellCash: string
}

const initialValues: Values = {
  organizationName: '',
  legalFormId: null,
  sectorId: null,
  taxRegimeId: null,
  taxAreaId: null,
  canSellCash: '',
}

/** The body of POST /organizations, as the shared schema reads it (an unanswered "ventes au comptant" is refused). */
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

/** "Ajouter une entreprise": creates the organisation, which becomes current, then reloads on its settings. */
export function AddOrganizationModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const form = useForm<Values>({ initialValues, validate: (values) => validateBody(toBody(values)) })

  const create = useMutation({
    mutationFn: (values: Values) => post('/organizations', organizationCreateSchema.parse(toBody(values))),
    onSuccess: () => {
      // A full reload: every cached query belonged to the previous organisation.
      window.location.assign('/app/setting/account?context=newOrganization')
    },
    onError: (error) => showServerErrors(form, error),
  })

  const close = () => {
    if (create.isPending) return
    form.reset()
    onClose()
  }

  return (
    <Modal opened={opened} onClose={close} title="Ajouter une entreprise" size="lg" radius="lg" centered>
      <form onSubmit={form.onSubmit((values) => create.mutate(values))} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Tu pourras compléter ses informations légales juste après. Elle deviendra ton entreprise courante.
          </Text>
          <TextInput
            label="Nom de l'entreprise"
            withAsterisk
            data-autofocus
            autoComplete="organization"
            {...form.getInputProps('organizationName')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <ReferenceSelect
              path="/legal-forms"
              label="Forme juridique"
              withAsterisk
              {...form.getInputProps('legalFormId')}
            />
            <ReferenceSelect
              path="/sectors"
              label="Secteur d'activité"
              withAsterisk
              {...form.getInputProps('sectorId')}
            />
            <ReferenceSelect
              path="/tax-regimes"
              label="Régime de T.V.A."
              withAsterisk
              {...form.getInputProps('taxRegimeId')}
            />
            <ReferenceSelect path="/tax-areas" label="Zone fiscale" withAsterisk {...form.getInputProps('taxAreaId')} />
          </SimpleGrid>
          <Radio.Group label="Fais-tu des ventes au comptant ?" withAsterisk {...form.getInputProps('canSellCash')}>
            <Group gap="lg" mt={6}>
              <Radio value="true" label="Oui" />
              <Radio value="false" label="Non" />
            </Group>
          </Radio.Group>
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={close} disabled={create.isPending}>
              Annuler
            </Button>
            <Button type="submit" loading={create.isPending}>
              Créer l'entreprise
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
