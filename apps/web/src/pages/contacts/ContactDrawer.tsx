import { CONTACT_TYPE_IDS, type ContactDto, type ContactRelationFilter, contactSchema, TEXT_MAX } from '@app/domain'
import { Button, Divider, SegmentedControl, SimpleGrid, Stack, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { IconAt, IconPhone, IconWorld } from '@tabler/icons-react'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { AppDrawer } from '../../components/AppDrawer'
import { useCompanyLookup } from '../../components/companyLookup'
import { FormAlert } from '../../components/FormAlert'
import { formErrorMessage } from '../../components/formErrors'
import { ReferenceSelect } from '../../components/ReferenceSelect'
import { zodValidate } from '../../lib/form'
import { toastSuccess } from '../../lib/toast'
import { AddressDrawer } from './AddressDrawer'
import { ContactDirectoryHint } from './ContactDirectoryHint'
import { AddressList, ContactPersonsFields } from './ContactDrawerSections'
import {
  type AddressDraft,
  applyCompany,
  type ContactValues,
  draftFromAddress,
  emptyAddress,
  valuesFromContact,
} from './contactForm'
import { contactsKey, RELATION_TEXTS } from './contactQueries'
import { SaveError, type SaveProgress, saveContactSequence } from './contactSave'

const validate = zodValidate(contactSchema)
const BUSINESS = String(CONTACT_TYPE_IDS.BUSINESS)

export type ContactDrawerProps = {
  relation: ContactRelationFilter
  /** The contact to edit; null for a new one. */
  contact: ContactDto | null
  opened: boolean
  onClose: () => void
  onSaved?: (contact: ContactDto) => void
}

/** The customer or supplier drawer (spec/sales.md §2, §4, §5). */
export function ContactDrawer({ relation, contact, opened, onClose, onSaved }: ContactDrawerProps) {
  const client = useQueryClient()
  const texts = RELATION_TEXTS[relation]
  const form = useForm<ContactValues>({
    initialValues: valuesFromContact(contact),
    validate: (values) => validate(values),
  })
  const [addresses, setAddresses] = useState<AddressDraft[]>([])
  const [editing, setEditing] = useState<AddressDraft | null>(null)
  const [addressErrors, setAddressErrors] = useState<Record<string, string>>({})
  const [alert, setAlert] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  // The heading is decided when the drawer opens, so a successful creation does not retitle it while it slides away.
  const [headingIsNew, setHeadingIsNew] = useState(contact === null)
  const progress = useRef<SaveProgress>({ contactId: null, addresses: [], removedAddressIds: [] })
  const company = useCompanyLookup({
    onFound: (found) => {
      const applied = applyCompany(addresses, found, relation)
      form.setValues(applied.values)
      form.clearFieldError('registrySiren')
      if (applied.address) updateAddresses([...addresses, applied.address])
    },
    onFailed: (message) => form.setFieldError('registrySiren', message),
  })

  // biome-ignore lint/correctness/useExhaustiveDependencies: the drawer starts afresh each time it opens.
  useEffect(() => {
    if (!opened) return
    const values = valuesFromContact(contact)
    form.setValues(values)
    form.resetDirty(values)
    form.clearErrors()
    const drafts = (contact?.addresses ?? []).map(draftFromAddress)
    setAddresses(drafts)
    setAddressErrors({})
    setAlert(null)
    progress.current = { contactId: contact?.id ?? null, addresses: drafts, removedAddressIds: [] }
    company.remember(contact?.registrySiren)
    setHeadingIsNew(contact === null)
  }, [opened, contact])

  const business = form.values.contactTypeId === BUSINESS
  const isNew = progress.current.contactId === null

  function updateAddresses(next: AddressDraft[]) {
    setAddresses(next)
    progress.current.addresses = next
  }

  function removeAddress(address: AddressDraft) {
    if (address.id !== null) progress.current.removedAddressIds.push(address.id)
    updateAddresses(addresses.filter((entry) => entry.key !== address.key))
  }

  async function save(values: ContactValues) {
    setSaving(true)
    setAlert(null)
    setAddressErrors({})
    const before = valuesFromContact(contact).contacts
    const personsChanged =
      values.contactTypeId === BUSINESS ? JSON.stringify(values.contacts) !== JSON.stringify(before) : before.length > 0
    try {
      const saved = await saveContactSequence(relation, values, progress.current, { personsChanged })
      toastSuccess()
      onSaved?.(saved)
      onClose()
    } catch (error) {
      if (!(error instanceof SaveError)) throw error
      const fields = error.fieldErrors
      if (error.step === 'address' && error.addressKey) {
        const first = Object.values(fields)[0] ?? formErrorMessage(error.reason)
        setAddressErrors({ [error.addressKey]: first })
      } else if (Object.keys(fields).length > 0) {
        form.setErrors(fields)
      }
      const created = isNew && progress.current.contactId !== null
      // Created but not whole: the drawer stays open on the contact that now exists.
      if (created) setHeadingIsNew(false)
      const message = formErrorMessage(error.reason)
      setAlert(
        error.step === 'contact'
          ? Object.keys(fields).length > 0
            ? null
            : message
          : `${created ? `Le ${texts.one} a été créé` : `Le ${texts.one} a été enregistré`}, mais ${
              error.step === 'persons' ? 'pas ses interlocuteurs' : 'pas toutes ses adresses'
            } : corrige puis enregistre de nouveau.`,
      )
      // Whatever went through is shown: the list and the detail panel reload.
      setAddresses([...progress.current.addresses])
    } finally {
      setSaving(false)
      // 6. Refresh the list (and the detail panel).
      client.invalidateQueries({ queryKey: contactsKey })
    }
  }

  const submit = form.onSubmit(save, () => {
    requestAnimationFrame(() => document.querySelector<HTMLElement>('#contact-form [aria-invalid="true"]')?.focus())
  })

  return (
    <>
      <AppDrawer
        opened={opened}
        onClose={saving ? () => {} : onClose}
        // Escape closes the address drawer on top first, not both.
        closeOnEscape={editing === null}
        title={headingIsNew ? texts.newLabel : texts.editTitle}
        footer={
          <>
            <Button variant="default" onClick={onClose} disabled={saving}>
              Annuler
            </Button>
            <Button type="submit" form="contact-form" loading={saving}>
              Enregistrer
            </Button>
          </>
        }
      >
        <form id="contact-form" onSubmit={submit} noValidate>
          <Stack gap="md">
            <FormAlert message={alert} />
            <SegmentedControl
              aria-label="Type de contact"
              data={[
                { value: BUSINESS, label: 'Entreprise' },
                { value: String(CONTACT_TYPE_IDS.PRIVATE), label: 'Particulier' },
              ]}
              {...form.getInputProps('contactTypeId')}
            />
            {business ? (
              <>
                <TextInput
                  label="SIREN ou SIRET"
                  description="Nous remplissons la fiche à partir du registre des entreprises."
                  withAsterisk
                  inputMode="numeric"
                  maxLength={40}
                  rightSection={company.rightSection}
                  {...form.getInputProps('registrySiren')}
                  onBlur={() => {
                    form.getInputProps('registrySiren').onBlur?.()
                    void company.lookup(form.values.registrySiren)
                  }}
                />
                <ContactDirectoryHint value={form.values.registrySiren} />
                <TextInput
                  label="Raison sociale"
                  withAsterisk
                  maxLength={TEXT_MAX}
                  autoComplete="organization"
                  {...form.getInputProps('name')}
                />
                <TextInput
                  label="Numéro de TVA intracommunautaire"
                  withAsterisk
                  maxLength={40}
                  {...form.getInputProps('intracommunityTaxNumber')}
                />
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  <ReferenceSelect
                    path="/legal-forms"
                    label="Forme juridique"
                    clearable
                    {...form.getInputProps('legalFormId')}
                  />
                  <ReferenceSelect
                    path="/sectors"
                    label="Secteur d'activité"
                    clearable
                    {...form.getInputProps('sectorId')}
                  />
                </SimpleGrid>
              </>
            ) : (
              <TextInput
                label="Nom et Prénom"
                withAsterisk
                maxLength={TEXT_MAX}
                autoComplete="name"
                {...form.getInputProps('name')}
              />
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                label="E-mail"
                type="email"
                maxLength={TEXT_MAX}
                leftSection={<IconAt size={16} />}
                {...form.getInputProps('email')}
              />
              <TextInput
                label="Site internet"
                maxLength={TEXT_MAX}
                placeholder="https://"
                leftSection={<IconWorld size={16} />}
                {...form.getInputProps('url')}
              />
              <TextInput
                label="Téléphone mobile"
                type="tel"
                maxLength={30}
                leftSection={<IconPhone size={16} />}
                {...form.getInputProps('phoneMobile')}
              />
              <TextInput
                label="Téléphone fixe"
                type="tel"
                maxLength={30}
                leftSection={<IconPhone size={16} />}
                {...form.getInputProps('phoneOffice')}
              />
            </SimpleGrid>

            <Divider />
            <AddressList
              addresses={addresses}
              errors={addressErrors}
              onAdd={() => setEditing(emptyAddress(relation))}
              onEdit={setEditing}
              onRemove={removeAddress}
            />
            {business ? <ContactPersonsFields form={form} /> : null}
          </Stack>
        </form>
      </AppDrawer>
      <AddressDrawer
        address={editing}
        onClose={() => setEditing(null)}
        onDone={(address) => {
          const exists = addresses.some((entry) => entry.key === address.key)
          updateAddresses(
            exists ? addresses.map((entry) => (entry.key === address.key ? address : entry)) : [...addresses, address],
          )
          setAddressErrors((errors) => ({ ...errors, [address.key]: '' }))
          setEditing(null)
        }}
      />
    </>
  )
}
