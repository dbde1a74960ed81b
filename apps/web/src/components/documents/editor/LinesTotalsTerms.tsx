import type { DocumentTotals, SalesSettingsDto } from '@app/domain'
import { Paper, Stack, Title, type TitleOrder } from '@mantine/core'
import type { ReactNode } from 'react'
import type { EditorForm } from './editorForm'
import type { EditorDocument } from './editorQueries'
import { LinesEditor } from './LinesEditor'
import { TermsField } from './MainFields'
import { TotalsPanel } from './TotalsPanel'

/**
 * The body every document editor shares below its main fields: the lines (with an optional hint under them), the
 * totals and options, the special terms.
 */
export function LinesTotalsTerms({
  form,
  totals,
  saved,
  settings,
  taxFree,
  readOnly,
  hint,
  headingOrder = 3,
}: {
  form: EditorForm
  totals: DocumentTotals | null
  /** The saved document while the form is not dirty: its stored totals are shown. */
  saved: EditorDocument | null
  settings: SalesSettingsDto | null
  taxFree: boolean
  readOnly: boolean
  hint?: ReactNode
  headingOrder?: TitleOrder
}) {
  return (
    <>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          <Title order={headingOrder} size="h4">
            Lignes
          </Title>
          <LinesEditor form={form} readOnly={readOnly} taxFree={taxFree} totals={totals} />
          {hint}
        </Stack>
      </Paper>

      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <TotalsPanel
          form={form}
          totals={totals}
          saved={saved}
          settings={settings}
          taxFree={taxFree}
          readOnly={readOnly}
        />
      </Paper>

      <TermsField form={form} readOnly={readOnly} />
    </>
  )
}
