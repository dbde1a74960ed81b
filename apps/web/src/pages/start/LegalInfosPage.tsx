import { type ItemResponse, type OrganizationDto, organizationUpdateSchema } from '@app/domain'
import { Box, Button, Group, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { Navigate, useNavigate, useSearchParams } from 'react-router'
import { useMe, useRefreshMe } from '../../app/session'
import { ErrorState } from '../../components/ErrorState'
import { showServerErrors } from '../../components/formErrors'
import {
  LEGAL_INFO_DONE_PATH,
  type LegalInfoTab,
  legalInfoCallback,
  legalInfoErrors,
  NEED_LEGAL_INFO_PATH,
  tabOfField,
} from '../../components/organization/legalInfo'
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
import { ApiError, patch } from '../../lib/api'
import { toastSuccess } from '../../lib/toast'

/**
 * /app/start/legal-infos, "Mes infos" (spec/account.md "Owner screens"): the organisation's legal information in three
 * tabs. Once it is complete the owner goes on to `callback` (a page of the app) or to the quotes; a non-owner, who
 * cannot edit it, is shown the need-legal-infos screen.
 */
export function LegalInfosPage() {
  const me = useMe()
  const organization = useOrganization()
  const [searchParams] = useSearchParams()
  const callback = legalInfoCallback(searchParams.get('callback'))
  const done = callback ?? LEGAL_INFO_DONE_PATH

  if (me.data && !me.data.currentOrganization?.isOwner) {
    const query = callback ? `?callback=${encodeURIComponent(callback)}` : ''
    return <Navigate to={`${NEED_LEGAL_INFO_PATH}${query}`} replace />
  }
  return (
    <Stack gap="lg" maw={960}>
      <Box>
        <Title order={1} size="h2">
          Mes infos
        </Title>
        <Text c="dimmed" size="sm">
          Complète les informations légales de ton entreprise : elles figurent sur tes devis et factures, qui ne peuvent
          pas être émis sans elles.
        </Text>
      </Box>
      {organization.isPending ? (
        <Skeleton height={320} radius="lg" aria-label="Chargement" />
      ) : organization.isError ? (
        <ErrorState onRetry={() => organization.refetch()} />
      ) : organization.data.hasCompletedLegalInfo ? (
        <Navigate to={done} replace />
      ) : (
        <LegalInfoForm organization={organization.data} done={done} />
      )}
    </Stack>
  )
}

function LegalInfoForm({ organization, done }: { organization: OrganizationDto; done: string }) {
  const client = useQueryClient()
  const refreshMe = useRefreshMe()
  const navigate = useNavigate()
  const [tab, setTab] = useState<LegalInfoTab>('legal')
  const legalFormsPath = organization.platform.code === 'POP' ? '/legal-forms?filter[pop]=true' : '/legal-forms'
  const legalForms = useReferenceList(legalFormsPath)
  // Read through a ref: the form's validate function must see the list once it has loaded.
  const legalFormsRef = useRef(legalForms.data)
  legalFormsRef.current = legalForms.data

  const isCompanyFor = (legalFormId: string | null) =>
    isCompanyLegalForm(legalFormId, legalFormsRef.current, organization)

  // The address is always sent here (hadAddress: true): it is part of what issuing needs, so its fields are required.
  const options = (values: OrganizationValues) => ({ isCompany: isCompanyFor(values.legalFormId), hadAddress: true })
  const form = useForm<OrganizationValues>({
    initialValues: valuesFromOrganization(organization),
    validate: (values) => ({ ...validateOrganization(values, options(values)), ...legalInfoErrors(values) }),
  })
  const isCompany = isCompanyFor(form.values.legalFormId)

  const showFirstError = (errors: Record<string, unknown>) => {
    const first = Object.keys(errors)[0]
    if (first) setTab(tabOfField(first))
  }

  const save = useMutation({
    mutationFn: async (values: OrganizationValues) => {
      const body = organizationUpdateSchema.parse(bodyFromValues(values, options(values)))
      return (await patch<ItemResponse<OrganizationDto>>('/organization', body)).data
    },
    onSuccess: (updated) => {
      client.setQueryData(organizationQueryKey, updated)
      refreshMe()
      toastSuccess()
      if (updated.hasCompletedLegalInfo) navigate(done, { replace: true })
    },
    onError: (error) => {
      if (showServerErrors(form, error) && error instanceof ApiError) showFirstError(error.fieldErrors)
    },
  })

  return (
    <form onSubmit={form.onSubmit((values) => save.mutate(values), showFirstError)} noValidate>
      <Stack gap="lg">
        <Tabs value={tab} onChange={(value) => setTab((value as LegalInfoTab | null) ?? 'legal')}>
          <Tabs.List>
            <Tabs.Tab value="legal">Informations légales</Tabs.Tab>
            <Tabs.Tab value="address">Coordonnées</Tabs.Tab>
            <Tabs.Tab value="contact">Contact (facultatif)</Tabs.Tab>
          </Tabs.List>
          {/* Every panel stays mounted: a field in error on a hidden tab keeps its value and its message. */}
          <Tabs.Panel value="legal" pt="md">
            <LegalInfoSection
              form={form}
              isCompany={isCompany}
              legalFormsPath={legalFormsPath}
              onLegalFormChange={(id) => {
                const capital = capitalWhenCompany(form.values, isCompanyFor(id))
                if (capital) form.setFieldValue('registryCapital', capital)
              }}
            />
          </Tabs.Panel>
          <Tabs.Panel value="address" pt="md">
            <AddressSection form={form} />
          </Tabs.Panel>
          <Tabs.Panel value="contact" pt="md">
            <ContactSection form={form} />
          </Tabs.Panel>
        </Tabs>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Enregistrer
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
