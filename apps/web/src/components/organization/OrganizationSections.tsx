import { FRANCE_COUNTRY_ID } from '@app/domain'
import { Collapse, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { IconAt, IconPhone, IconWorld } from '@tabler/icons-react'
import { useCompanyLookup } from '../companyLookup'
import { OrganizationReferenceSelects } from '../OrganizationFields'
import { ReferenceSelect, useReferenceList } from '../ReferenceSelect'
import { SettingsSection } from '../SettingsSection'
import { applyCompanyToOrganization, MONTHS, type OrganizationValues } from './organizationForm'

type SectionProps = { form: UseFormReturnType<OrganizationValues> }

export function LegalInfoSection({
  form,
  isCompany,
  legalFormsPath,
  onLegalFormChange,
}: SectionProps & { isCompany: boolean; legalFormsPath: string; onLegalFormChange: (id: string | null) => void }) {
  const legalForms = useReferenceList(legalFormsPath)
  // The SIREN fills the rest from the company directory, as a customer's does (spec/account.md §4).
  const company = useCompanyLookup({
    initial: form.getInitialValues().registrySiren,
    onFound: (found) => {
      const before = form.getValues()
      const next = applyCompanyToOrganization(before, found, {
        legalFormOffered: (id) => legalForms.data?.some((item) => item.id === id) ?? false,
      })
      form.setValues(next)
      form.clearFieldError('registrySiren')
      if (next.legalFormId !== before.legalFormId) onLegalFormChange(next.legalFormId)
    },
    onFailed: (message) => form.setFieldError('registrySiren', message),
  })
  const siren = form.getInputProps('registrySiren')

  return (
    <SettingsSection
      id="informations-legales"
      title="Informations légales"
      description="Elles figurent sur tes devis et factures."
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <TextInput
            label="SIREN"
            description="Nous remplissons tes informations à partir du registre des entreprises."
            placeholder="123 456 789"
            inputMode="numeric"
            maxLength={40}
            rightSection={company.rightSection}
            {...siren}
            onBlur={(event) => {
              siren.onBlur?.(event)
              void company.lookup(form.getValues().registrySiren)
            }}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <TextInput label="Raison sociale" withAsterisk autoComplete="organization" {...form.getInputProps('name')} />
          <TextInput
            label="Nom commercial"
            placeholder="Si tu exerces sous un autre nom"
            {...form.getInputProps('brandName')}
          />
          <OrganizationReferenceSelects
            form={form}
            legalFormsPath={legalFormsPath}
            onLegalFormChange={onLegalFormChange}
          />
        </SimpleGrid>

        <Collapse expanded={isCompany} keepMounted={false}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" pb={4}>
            <TextInput
              label="Capital social"
              inputMode="decimal"
              rightSection="€"
              rightSectionPointerEvents="none"
              {...form.getInputProps('registryCapital')}
            />
            <TextInput
              label="Forme de la société"
              placeholder="Ex. : SAS au capital variable"
              {...form.getInputProps('companyForm')}
            />
          </SimpleGrid>
        </Collapse>

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <TextInput
            label="N° de TVA intracommunautaire"
            placeholder="FR12 123456789"
            {...form.getInputProps('registryIntra')}
          />
          <TextInput label="Code APE" placeholder="6201Z" {...form.getInputProps('registryApe')} />
          <TextInput
            label="Registre d'immatriculation"
            placeholder="RCS Montpellier"
            {...form.getInputProps('registryName')}
          />
          <Select
            label="Mois de clôture de l'exercice"
            data={MONTHS}
            allowDeselect={false}
            {...form.getInputProps('financialPeriodEnd')}
          />
        </SimpleGrid>

        <Stack gap="sm" pt={4}>
          <Switch
            label="Je fais des ventes au comptant"
            description="Active le suivi des ventes payées sur place"
            {...form.getInputProps('canSellCash', { type: 'checkbox' })}
          />
          <Switch
            label="J'utilise une caisse enregistreuse"
            disabled={!form.values.canSellCash}
            {...form.getInputProps('hasCashRegister', { type: 'checkbox' })}
          />
        </Stack>
      </Stack>
    </SettingsSection>
  )
}

export function AddressSection({ form }: SectionProps) {
  return (
    <SettingsSection id="coordonnees" title="Coordonnées" description="L'adresse du siège de ton entreprise.">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
        <TextInput
          label="Adresse"
          withAsterisk
          autoComplete="address-line1"
          {...form.getInputProps('address.street')}
        />
        <TextInput
          label="Complément d'adresse"
          placeholder="Bâtiment, étage…"
          autoComplete="address-line2"
          {...form.getInputProps('address.complement1')}
        />
        <TextInput
          label="Code postal"
          withAsterisk
          inputMode="numeric"
          maxLength={5}
          autoComplete="postal-code"
          {...form.getInputProps('address.postcode')}
        />
        <TextInput label="Ville" withAsterisk autoComplete="address-level2" {...form.getInputProps('address.city')} />
        <ReferenceSelect
          path="/countries"
          label="Pays"
          withAsterisk
          {...form.getInputProps('address.countryId')}
          onChange={(value) => form.setFieldValue('address.countryId', value ?? String(FRANCE_COUNTRY_ID))}
        />
      </SimpleGrid>
    </SettingsSection>
  )
}

export function ContactSection({ form }: SectionProps) {
  return (
    <SettingsSection
      id="contact"
      title="Contact"
      description="Facultatif : le site, l'e-mail et le téléphone de ton entreprise."
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
        <TextInput
          label="Site internet"
          placeholder="https://www.exemple.fr"
          type="url"
          inputMode="url"
          leftSection={<IconWorld size={16} />}
          {...form.getInputProps('url')}
        />
        <TextInput
          label="E-mail"
          placeholder="contact@exemple.fr"
          type="email"
          autoComplete="email"
          leftSection={<IconAt size={16} />}
          {...form.getInputProps('email')}
        />
        <TextInput
          label="Téléphone"
          placeholder="04 67 00 00 00"
          type="tel"
          autoComplete="tel"
          leftSection={<IconPhone size={16} />}
          {...form.getInputProps('phone')}
        />
      </SimpleGrid>
    </SettingsSection>
  )
}
