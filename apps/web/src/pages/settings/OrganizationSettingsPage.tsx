import { type ItemResponse, messages, type OrganizationDto, organizationUpdateSchema } from '@app/domain'
import { Alert, Box, Skeleton, Stack, Text, Title } from '@mantine/core'
import { useForm } from '@mantine/form'
import { IconConfetti } from '@tabler/icons-react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { useRefreshMe } from '../../app/session'
import { ErrorState } from '../../components/ErrorState'
import { FormFooter } from '../../components/FormFooter'
import { showServerErrors } from '../../components/formErrors'
import { LeaveGuard } from '../../components/LeaveGuard'
import { AddressSection, ContactSection, LegalInfoSection } from '../../components/organization/OrganizationSections'
import {
  bodyFromValues,
  capitalWhenCompany,
  isCompanyLegalForm,
  type OrganizationValues,
  validateOrganization,
  valuesFromOrganization,
} from '../../components/organization/organizationForm'
import { organizationQueryKey, useOrganization } from '../../components/organization/organizationQueries'
import { useReferenceList } from '../../components/ReferenceSelect'
import { SettingsSection } from '../../components/SettingsSection'
import { patch } from '../../lib/api'
import { toastSuccess } from '../../lib/toast'

/** /app/setting/account: the organisation's legal information, address and contact, saved together. */
export function OrganizationSettingsPage() {
  const organization = useOrganization()

  return (
    <Stack gap="lg">
      <Box>
        <Title order={2} size="h3">
          Mon entreprise
        </Title>
        <Text c="dimmed" size="sm">
          Ces informations apparaissent sur tes documents commerciaux.
        </Text>
      </Box>
      {organization.isPending ? (
        <OrganizationSkeleton />
      ) : organization.isError ? (
        <ErrorState onRetry={() => organization.refetch()} />
      ) : (
        <OrganizationForm organization={organization.data} />
      )}
    </Stack>
  )
}

/** A long form: after a refused submit, the first field in error gets the focus (and scrolls into view). */
function focusFirstError() {
  requestAnimationFrame(() => {
    const first = document.querySelector<HTMLElement>('form [aria-invalid="true"]')
    first?.focus()
  })
}

function OrganizationSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true" aria-label="Chargement">
      {[260, 180, 140].map((height) => (
        <SettingsSection key={height} title=" ">
          <Skeleton height={height} radius="md" />
        </SettingsSection>
      ))}
    </Stack>
  )
}

function OrganizationForm({ organization }: { organization: OrganizationDto }) {
  const client = useQueryClient()
  const refreshMe = useRefreshMe()
  const [searchParams, setSearchParams] = useSearchParams()
  const [savedAt, setSavedAt] = useState<string | null>(null)
  const legalFormsPath = organization.platform.code === 'POP' ? '/legal-forms?filter[pop]=true' : '/legal-forms'
  const legalForms = useReferenceList(legalFormsPath)
  // Read through a ref: the form's validate function must see the list once it has loaded.
  const legalFormsRef = useRef(legalForms.data)
  legalFormsRef.current = legalForms.data
  const hadAddress = organization.addresses.length > 0

  const form = useForm<OrganizationValues>({
    initialValues: valuesFromOrganization(organization),
    validate: (values) => validateOrganization(values, { isCompany: isCompanyFor(values.legalFormId), hadAddress }),
  })

  const isCompanyFor = (legalFormId: string | null) =>
    isCompanyLegalForm(legalFormId, legalFormsRef.current, organization)
  const isCompany = isCompanyFor(form.values.legalFormId)

  const save = useMutation({
    mutationFn: async (values: OrganizationValues) => {
      const body = organizationUpdateSchema.parse(bodyFromValues(values, { isCompany, hadAddress }))
      return (await patch<ItemResponse<OrganizationDto>>('/organization', body)).data
    },
    onSuccess: (updated) => {
      client.setQueryData(organizationQueryKey, updated)
      const next = valuesFromOrganization(updated)
      form.setInitialValues(next)
      form.setValues(next)
      form.resetDirty(next)
      setSavedAt(new Date().toISOString())
      refreshMe()
      toastSuccess()
    },
    onError: (error) => {
      if (showServerErrors(form, error)) focusFirstError()
    },
  })

  const dirty = form.isDirty()
  const isNew = searchParams.get('context') === 'newOrganization'
  // The organisation's DTO has no updatedAt yet: the footer shows the last save of this visit until it does.
  const updatedAt = savedAt ?? (organization as OrganizationDto & { updatedAt?: string }).updatedAt ?? null

  return (
    <form onSubmit={form.onSubmit((values) => save.mutate(values), focusFirstError)} noValidate>
      <Stack gap="lg">
        {isNew ? (
          <Alert
            variant="light"
            color="teal"
            radius="lg"
            icon={<IconConfetti size={20} />}
            title={messages.account.newOrganizationTitle}
            withCloseButton
            closeButtonLabel="Fermer"
            onClose={() => {
              const next = new URLSearchParams(searchParams)
              next.delete('context')
              setSearchParams(next, { replace: true })
            }}
          >
            {organization.name} est créée et c'est maintenant ton entreprise courante. Complète ses informations légales
            et ses coordonnées : elles apparaîtront sur tes devis et factures.
          </Alert>
        ) : null}

        <LegalInfoSection
          form={form}
          isCompany={isCompany}
          legalFormsPath={legalFormsPath}
          onLegalFormChange={(id) => {
            const capital = capitalWhenCompany(form.values, isCompanyFor(id))
            if (capital) form.setFieldValue('registryCapital', capital)
          }}
        />
        <AddressSection form={form} />
        <ContactSection form={form} />
        <FormFooter dirty={dirty} loading={save.isPending} updatedAt={updatedAt} />
      </Stack>
      <LeaveGuard when={dirty && !save.isPending} />
    </form>
  )
}
