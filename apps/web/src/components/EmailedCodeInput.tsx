import { type MantineSize, PinInput, Stack, Text } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'

/**
 * The 6-digit code sent by e-mail (closing the account, confirming a new address): typed into the form's `code`
 * field, one box a digit, with the field's error under the boxes.
 */
export function EmailedCodeInput({
  form,
  label,
  size,
}: {
  form: UseFormReturnType<{ code: string }>
  /** The accessible name of the boxes. */
  label: string
  size?: MantineSize
}) {
  return (
    <Stack gap={4}>
      <PinInput
        length={6}
        type="number"
        oneTimeCode
        inputMode="numeric"
        size={size}
        aria-label={label}
        value={form.values.code}
        onChange={(value) => form.setFieldValue('code', value)}
        error={Boolean(form.errors.code)}
      />
      {form.errors.code ? (
        <Text size="xs" c="red">
          {form.errors.code}
        </Text>
      ) : null}
    </Stack>
  )
}
