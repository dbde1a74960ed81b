import { type ItemResponse, messages, passwordVerifySchema } from '@app/domain'
import { Anchor, Button, Center, Input, PinInput, Stack, Text } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { IconArrowLeft } from '@tabler/icons-react'
import { useMutation } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { ApiError, post } from '../../lib/api'
import { zodValidate } from '../../lib/form'
import { toastError, toastSuccess } from '../../lib/toast'
import { AuthLayout, MissingEmailPage } from './AuthLayout'

const CODE_LENGTH = 6
const validateVerify = zodValidate(passwordVerifySchema)

/** The code field's error: the server's message when it gave one, else the generic one (spec/account.md §8). */
function codeErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const fieldError = error.fieldErrors.code ?? error.fieldErrors.email
    if (fieldError) return fieldError
    if (error.status >= 400 && error.status < 500) return error.message
  }
  return messages.generic.errorShort
}

function BackToForgotPassword({ email }: { email?: string | null }) {
  return (
    <Anchor
      component={Link}
      to={email ? `/auth/forgot-password?email=${encodeURIComponent(email)}` : '/auth/forgot-password'}
      size="sm"
      fw={600}
    >
      <IconArrowLeft size={14} style={{ verticalAlign: -2, marginRight: 4 }} />
      {email ? "Modifier l'adresse email" : 'Recommencer'}
    </Anchor>
  )
}

/** Step two of the password reset: the 6-digit code sent by e-mail, submitted as soon as it is complete. */
export function VerifyTokenPage() {
  const [searchParams] = useSearchParams()
  const email = searchParams.get('email')?.trim() || null
  const navigate = useNavigate()
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const firstInput = useRef<HTMLInputElement>(null)
  const errorId = useId()
  const isPhone = useMediaQuery('(max-width: 30em)')

  // autoFocus alone is lost when the page is reached by clicking "Recevoir un code" (the clicked button keeps it).
  useEffect(() => {
    const timer = window.setTimeout(() => firstInput.current?.focus(), 0)
    return () => window.clearTimeout(timer)
  }, [])

  const verify = useMutation({
    mutationFn: (body: { email: string; code: string }) =>
      post<ItemResponse<{ token: string }>>('/auth/password/verify', passwordVerifySchema.parse(body)),
    onSuccess: ({ data }, body) => {
      const query = new URLSearchParams({ email: body.email, token: data.token })
      navigate(`/auth/regenerate-password?${query.toString()}`)
    },
    onError: (failure) => {
      setError(codeErrorMessage(failure))
      // A wrong code is typed again from the first box; auto-submit works again once it is complete.
      setCode('')
      firstInput.current?.focus()
    },
  })

  const resend = useMutation({
    mutationFn: (address: string) => post('/auth/password/code', { email: address }),
    onSuccess: () => toastSuccess(messages.auth.emailSent),
    onError: (failure) => toastError(failure),
  })

  const submit = (value: string) => {
    if (!email || verify.isPending) return
    const errors = validateVerify({ email, code: value })
    const clientError = errors.code ?? errors.email
    if (clientError) {
      setError(clientError)
      return
    }
    setError(null)
    verify.mutate({ email, code: value })
  }

  if (!email) return <MissingEmailPage title="Vérification du code" footer={<BackToForgotPassword />} />

  return (
    <AuthLayout
      title="Vérifie tes emails"
      description={
        <>
          Nous avons envoyé un code à 6 chiffres à <strong>{email}</strong>. Saisis-le ci-dessous : il est valable 15
          minutes.
        </>
      }
      footer={<BackToForgotPassword email={email} />}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          submit(code)
        }}
      >
        <Stack gap="lg">
          <Stack gap={6}>
            <Center>
              <PinInput
                ref={firstInput}
                length={CODE_LENGTH}
                type="number"
                oneTimeCode
                autoFocus
                size={isPhone ? 'md' : 'lg'}
                gap={isPhone ? 'xs' : 'sm'}
                value={code}
                onChange={(value) => {
                  setCode(value)
                  if (error) setError(null)
                }}
                onComplete={submit}
                error={Boolean(error)}
                disabled={verify.isPending}
                getInputProps={(index) => ({
                  'aria-label': `Chiffre ${index + 1} sur ${CODE_LENGTH}`,
                  'aria-invalid': Boolean(error),
                  'aria-describedby': error ? errorId : undefined,
                })}
              />
            </Center>
            {error ? (
              <Input.Error id={errorId} ta="center" role="alert">
                {error}
              </Input.Error>
            ) : null}
          </Stack>
          <Button type="submit" size="md" fullWidth loading={verify.isPending}>
            Valider le code
          </Button>
          <Text size="sm" c="dimmed" ta="center">
            Tu n'as rien reçu ? Vérifie tes courriers indésirables ou{' '}
            <Anchor
              component="button"
              type="button"
              size="sm"
              fw={600}
              onClick={() => resend.mutate(email)}
              disabled={resend.isPending}
            >
              Renvoyer un code
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  )
}
