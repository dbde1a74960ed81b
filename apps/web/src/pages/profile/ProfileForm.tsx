import { type ItemResponse, type MeDto, profileUpdateSchema } from '@app/domain'
import { Button, Group, SimpleGrid, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { IconDeviceMobile, IconPhone } from '@tabler/icons-react'
import { useMutation } from '@tanstack/react-query'
import { useSetMe } from '../../app/session'
import { showServerErrors } from '../../components/formErrors'
import { LeaveGuard } from '../../components/LeaveGuard'
import { SettingsSection } from '../../components/SettingsSection'
import { patch } from '../../lib/api'
import { zodValidate } from '../../lib/form'
import { toastSuccess } from '../../lib/toast'

type ProfileValues = {
  firstname: string
  lastname: string
  email: string
  position: string
  phoneMobile: string
  phoneOffice: string
}

const valuesFromMe = (me: MeDto): ProfileValues => ({
  firstname: me.firstname,
  lastname: me.lastname,
  email: me.email,
  position: me.position ?? '',
  phoneMobile: me.phoneMobile ?? '',
  phoneOffice: me.phoneOffice ?? '',
})

/** "Mon profil": identity, position and phones (PATCH /me). */
export function ProfileForm({ me }: { me: MeDto }) {
  const setMe = useSetMe()
  const form = useForm<ProfileValues>({
    initialValues: valuesFromMe(me),
    validate: zodValidate(profileUpdateSchema),
  })

  const save = useMutation({
    mutationFn: async (values: ProfileValues) =>
      (await patch<ItemResponse<MeDto>>('/me', profileUpdateSchema.parse(values))).data,
    onSuccess: (updated) => {
      setMe(updated)
      const next = valuesFromMe(updated)
      form.setInitialValues(next)
      form.setValues(next)
      form.resetDirty(next)
      toastSuccess()
    },
    onError: (error) => showServerErrors(form, error),
  })

  const dirty = form.isDirty()
  return (
    <form onSubmit={form.onSubmit((values) => save.mutate(values))} noValidate>
      <SettingsSection title="Mes informations" description="Ton nom apparaît dans la signature de tes e-mails.">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <TextInput label="Prénom" withAsterisk autoComplete="given-name" {...form.getInputProps('firstname')} />
          <TextInput label="Nom" withAsterisk autoComplete="family-name" {...form.getInputProps('lastname')} />
          <TextInput label="E-mail" withAsterisk type="email" autoComplete="email" {...form.getInputProps('email')} />
          <TextInput
            label="Fonction"
            placeholder="Gérante, Président…"
            autoComplete="organization-title"
            {...form.getInputProps('position')}
          />
          <TextInput
            label="Téléphone mobile"
            type="tel"
            autoComplete="tel"
            placeholder="06 12 34 56 78"
            leftSection={<IconDeviceMobile size={16} />}
            {...form.getInputProps('phoneMobile')}
          />
          <TextInput
            label="Téléphone fixe"
            type="tel"
            placeholder="04 67 00 00 00"
            leftSection={<IconPhone size={16} />}
            {...form.getInputProps('phoneOffice')}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} disabled={!dirty && !save.isPending}>
            Enregistrer
          </Button>
        </Group>
      </SettingsSection>
      <LeaveGuard when={dirty && !save.isPending} />
    </form>
  )
}
