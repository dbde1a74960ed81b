import { addressUpdateSchema, TEXT_MAX } from '@app/domain'
import { Button, SimpleGrid, Stack, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useEffect } from 'react'
import { AppDrawer } from '../../components/AppDrawer'
import { ReferenceSelect } from '../../components/ReferenceSelect'
import { zodValidate } from '../../lib/form'
import type { AddressDraft } from './contactForm'

const validate = zodValidate(addressUpdateSchema)

/** The address drawer: one address of a contact, checked with the server's schema; the contact drawer saves it. */
export function AddressDrawer({
  address,
  onClose,
  onDone,
}: {
  address: AddressDraft | null
  onClose: () => void
  onDone: (address: AddressDraft) => void
}) {
  const form = useForm<AddressDraft>({
    initialValues: address ?? ({} as AddressDraft),
    validate: (values) => validate(values),
  })
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new address resets the form, nothing else.
  useEffect(() => {
    if (address) {
      form.setValues(address)
      form.resetDirty(address)
      form.clearErrors()
    }
  }, [address])

  const submit = form.onSubmit((values) => onDone({ ...values, dirty: true }))
  return (
    <AppDrawer
      opened={address !== null}
      onClose={onClose}
      title={address?.id ? "Modifier l'adresse" : 'Nouvelle adresse'}
      size="md"
      footer={
        <>
          <Button variant="default" onClick={onClose}>
            Annuler
          </Button>
          <Button type="submit" form="address-form">
            Valider
          </Button>
        </>
      }
    >
      <form id="address-form" onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label="Nom de l'adresse" maxLength={TEXT_MAX} {...form.getInputProps('name')} />
          <TextInput label="Rue" maxLength={TEXT_MAX} autoComplete="address-line1" {...form.getInputProps('street')} />
          <TextInput label="Complément" maxLength={TEXT_MAX} {...form.getInputProps('complement1')} />
          <TextInput label="Complément (suite)" maxLength={TEXT_MAX} {...form.getInputProps('complement2')} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              label="Code postal"
              withAsterisk
              maxLength={20}
              inputMode="numeric"
              autoComplete="postal-code"
              {...form.getInputProps('postcode')}
            />
            <TextInput label="Ville" withAsterisk maxLength={TEXT_MAX} {...form.getInputProps('city')} />
          </SimpleGrid>
          <ReferenceSelect
            path="/countries"
            label="Pays"
            withAsterisk
            searchable
            {...form.getInputProps('countryId')}
          />
        </Stack>
      </form>
    </AppDrawer>
  )
}
