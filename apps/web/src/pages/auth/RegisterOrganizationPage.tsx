import { Alert, Button, Stack, Text } from '@mantine/core'
import { IconInfoCircle } from '@tabler/icons-react'
import { useNavigate, useSearchParams } from 'react-router'
import { redirectQuery, safeRedirect } from '../../app/redirect'
import { useMe, useRefreshMe } from '../../app/session'
import { OrganizationCreateFields, useOrganizationCreateForm } from '../../components/OrganizationFields'
import { useReferenceList } from '../../components/ReferenceSelect'
import { AuthLayout } from './AuthLayout'

/** Sign-up, step two: the organisation. It becomes the current one, then the sign-up is done. */
export function RegisterOrganizationPage() {
  const [searchParams] = useSearchParams()
  const redirect = safeRedirect(searchParams.get('redirect'))
  const navigate = useNavigate()
  const me = useMe()
  const refreshMe = useRefreshMe()
  const legalForms = useReferenceList('/legal-forms')

  const { form, create, submit } = useOrganizationCreateForm({
    endpoint: '/auth/register/organization',
    onSuccess: async () => {
      await refreshMe()
      navigate(`/auth/register/done${redirectQuery(redirect)}`, { replace: true })
    },
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
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {referenceMissing ? (
            <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />}>
              Les listes de formes juridiques ne sont pas encore disponibles. Réessaye dans quelques instants.
            </Alert>
          ) : null}
          <OrganizationCreateFields form={form} variant="page" />
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
