import {
  type ItemResponse,
  type OrganizationCreateInput,
  type OrganizationDto,
  organizationCreateSchema,
} from '@app/domain'
import { Group, Radio, SimpleGrid, TextInput } from '@mantine/core'
import { type GetInputPropsReturnType, type UseFormReturnType, useForm } from '@mantine/form'
import { useMutation } from '@tanstack/react-query'
import { post } from '../lib/api'
import { zodValidate } from '../lib/form'
import { showServerErrors } from './formErrors'
import { ReferenceSelect } from './ReferenceSelect'

/** The fields every organisation form has, each a reference list: what the organisation is and how it is taxed. */
export type ReferenceField = 'legalFormId' | 'sectorId' | 'taxRegimeId' | 'taxAreaId'

/** Any form with the four reference fields (ids as strings): the creation forms and the settings form. */
type FormWithReferences = { getInputProps: (path: ReferenceField) => GetInputPropsReturnType }

/** The reference selects after "Forme juridique" (which has its own list path and change hook). */
const OTHER_REFERENCE_SELECTS = [
  { field: 'sectorId', path: '/sectors', label: "Secteur d'activité", hint: 'Recherche ton secteur' },
  { field: 'taxRegimeId', path: '/tax-regimes', label: 'Régime de T.V.A.', hint: 'Choisis ton régime' },
  { field: 'taxAreaId', path: '/tax-areas', label: 'Zone fiscale', hint: 'Choisis ta zone' },
] as const

/**
 * "Forme juridique", "Secteur d'activité", "Régime de T.V.A." and "Zone fiscale": four cells of the caller's grid.
 * `withPlaceholders` adds the sign-up step's hints.
 */
export function OrganizationReferenceSelects({
  form,
  legalFormsPath = '/legal-forms',
  onLegalFormChange,
  withPlaceholders = false,
}: {
  form: FormWithReferences
  /** The legal forms offered, e.g. only the POP platform's ones. */
  legalFormsPath?: string
  /** Called after the legal form changed, with the new id. */
  onLegalFormChange?: (id: string | null) => void
  withPlaceholders?: boolean
}) {
  const legalForm = form.getInputProps('legalFormId')
  return (
    <>
      <ReferenceSelect
        path={legalFormsPath}
        label="Forme juridique"
        placeholder={withPlaceholders ? 'Choisis ta forme juridique' : undefined}
        withAsterisk
        {...legalForm}
        onChange={(value) => {
          legalForm.onChange(value)
          onLegalFormChange?.(value)
        }}
      />
      {OTHER_REFERENCE_SELECTS.map(({ field, path, label, hint }) => (
        <ReferenceSelect
          key={field}
          path={path}
          label={label}
          placeholder={withPlaceholders ? hint : undefined}
          withAsterisk
          {...form.getInputProps(field)}
        />
      ))}
    </>
  )
}

export type OrganizationCreateValues = Record<ReferenceField, string | null> & {
  organizationName: string
  /** "true" or "false" once answered ("Oui" / "Non"); empty until then. */
  canSellCash: string
}

const initialValues: OrganizationCreateValues = {
  organizationName: '',
  legalFormId: null,
  sectorId: null,
  taxRegimeId: null,
  taxAreaId: null,
  canSellCash: '',
}

/** The body as the shared schema reads it: an unanswered question stays unanswered, so the schema refuses it. */
function toBody(values: OrganizationCreateValues): OrganizationCreateInput {
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

/**
 * A new organisation's form and its POST (validated by organizationCreateSchema; the server's field errors land under
 * the fields). `submit` is the form's onSubmit.
 */
export function useOrganizationCreateForm({
  endpoint,
  onSuccess,
}: {
  /** "/auth/register/organization" (sign-up, step two) or "/organizations" (one more). */
  endpoint: string
  onSuccess: (response: ItemResponse<OrganizationDto>) => unknown
}) {
  const form = useForm<OrganizationCreateValues>({
    initialValues,
    validate: (values) => validateBody(toBody(values)),
  })
  const create = useMutation({
    mutationFn: (values: OrganizationCreateValues) =>
      post<ItemResponse<OrganizationDto>>(endpoint, organizationCreateSchema.parse(toBody(values))),
    onSuccess,
    onError: (error) => showServerErrors(form, error),
  })
  return { form, create, submit: form.onSubmit((values) => create.mutate(values)) }
}

/**
 * A new organisation's fields: its name, the four reference selects and "Fais-tu des ventes au comptant ?", as children
 * of the caller's Stack. On the sign-up `page` they come with hints and the name takes the focus on load; in a `modal`
 * they are terser and the modal focuses the name.
 */
export function OrganizationCreateFields({
  form,
  variant,
}: {
  form: UseFormReturnType<OrganizationCreateValues>
  variant: 'page' | 'modal'
}) {
  const onPage = variant === 'page'
  return (
    <>
      <TextInput
        label="Nom de l'entreprise"
        autoComplete="organization"
        withAsterisk
        {...(onPage ? { autoFocus: true } : { 'data-autofocus': true })}
        {...form.getInputProps('organizationName')}
      />
      <SimpleGrid cols={onPage ? { base: 1, xs: 2 } : { base: 1, sm: 2 }} spacing="md">
        <OrganizationReferenceSelects form={form} withPlaceholders={onPage} />
      </SimpleGrid>
      <Radio.Group
        label="Fais-tu des ventes au comptant ?"
        description={
          onPage ? 'Des ventes encaissées immédiatement, sans facture envoyée (commerce, marché…).' : undefined
        }
        withAsterisk
        {...form.getInputProps('canSellCash')}
      >
        <Group gap={onPage ? 'xl' : 'lg'} mt={onPage ? 8 : 6}>
          <Radio value="true" label="Oui" />
          <Radio value="false" label="Non" />
        </Group>
      </Radio.Group>
    </>
  )
}
