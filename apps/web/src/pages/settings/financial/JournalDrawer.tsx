import {
  ASSOCIATE_PREFIX,
  formatIban,
  ibanIsValid,
  JOURNAL_TYPE_IDS,
  type JournalCreateBody,
  type JournalDto,
  journalCreateSchema,
  parseMoneyInput,
  TEXT_MAX,
} from '@app/domain'
import { Stack, Switch, Text, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { AppDrawer, SaveCancelFooter } from '../../../components/AppDrawer'
import { showServerErrors } from '../../../components/formErrors'
import { journalsKey } from '../../../components/journals/journalQueries'
import { MoneyInput } from '../../../components/MoneyInput'
import { patch, post } from '../../../lib/api'
import { zodValidate } from '../../../lib/form'
import { toastSuccess } from '../../../lib/toast'

/** The accounts these settings manage: bank accounts (BQ), associate (CC) and operator (EX) current accounts. */
export type JournalKind = 'BQ' | 'CC' | 'EX'

/** What the drawer edits: a new account of a kind (journal null) or an existing one. */
export type JournalDraft = { kind: JournalKind; journal: JournalDto | null }

export type JournalValues = { name: string; iban: string; bic: string; startingValue: string; isDefault: boolean }

/** One schema for both sides (DESIGN.md): the form checks the very object the server validates with. */
const validate = zodValidate(journalCreateSchema)

/** An associate account's name without its "CCA " prefix: the field shows the prefix beside it. */
const withoutPrefix = (name: string) => (name.startsWith(ASSOCIATE_PREFIX) ? name.slice(ASSOCIATE_PREFIX.length) : name)

/** "1200.50" as the money field shows it: "1200,5". */
const moneyField = (value: string) => (parseMoneyInput(value) ?? value).replace('.', ',')

export const valuesOf = ({ kind, journal }: JournalDraft): JournalValues => ({
  name: journal ? (kind === 'CC' ? withoutPrefix(journal.name) : journal.name) : '',
  iban: journal?.iban ? formatIban(journal.iban) : '',
  bic: journal?.bic ?? '',
  startingValue: journal ? moneyField(journal.startingValue) : '',
  isDefault: journal?.isDefault ?? false,
})

/** The body as typed, for the schema: an emptied balance is 0 (the balance is optional). */
const bodyOf = (values: JournalValues, kind: JournalKind): JournalCreateBody => ({
  name: values.name,
  journalTypeId: JOURNAL_TYPE_IDS[kind],
  ...(kind === 'BQ' ? { iban: values.iban, bic: values.bic, isDefault: values.isDefault } : {}),
  startingValue: values.startingValue.trim() === '' ? '0' : values.startingValue,
})

/** What is sent: the schema's output (IBAN in its electronic form, the amount canonical); a PATCH never sends the type. */
function requestOf(values: JournalValues, kind: JournalKind, isNew: boolean) {
  const { name, journalTypeId, iban, bic, isDefault, startingValue } = journalCreateSchema.parse(bodyOf(values, kind))
  const fields = kind === 'BQ' ? { name, iban, bic, isDefault, startingValue } : { name, startingValue }
  return isNew ? { ...fields, journalTypeId } : fields
}

const TITLES: Record<JournalKind, { create: string; edit: string }> = {
  BQ: { create: 'Nouveau compte bancaire', edit: 'Modifier le compte bancaire' },
  CC: { create: "Nouveau compte courant d'associé", edit: "Modifier le compte courant d'associé" },
  EX: { create: "Nouveau compte de l'exploitant", edit: "Modifier le compte de l'exploitant" },
}

/**
 * The bank account form (spec/money.md §5: name, IBAN, BIC, default account, starting balance) and the associate
 * account form (name prefixed with "CCA ", optional initial balance), in the app's drawer. Closing it (Escape,
 * Annuler) drops what was typed, as the other drawers of the app do.
 */
export function JournalDrawer({
  draft,
  onClose,
  startsInactive = false,
}: {
  draft: JournalDraft | null
  onClose: () => void
  /** A new bank account starts inactive while another one is active: the form says so. */
  startsInactive?: boolean
}) {
  const client = useQueryClient()
  // While the drawer slides away (draft null) it keeps showing the account it was about.
  const lastDraft = useRef(draft)
  if (draft) lastDraft.current = draft
  const shown = draft ?? lastDraft.current
  const kind = shown?.kind ?? 'BQ'
  const isNew = !shown?.journal
  const form = useForm<JournalValues>({
    initialValues: valuesOf({ kind, journal: null }),
    validate: (values) => validate(bodyOf(values, kind)),
    validateInputOnBlur: true,
  })

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new draft resets the form, nothing else.
  useEffect(() => {
    if (!draft) return
    const values = valuesOf(draft)
    form.setValues(values)
    form.resetDirty(values)
    form.resetTouched()
    form.clearErrors()
  }, [draft])

  const save = useMutation({
    mutationFn: async (values: JournalValues) => {
      const body = requestOf(values, kind, isNew)
      return shown?.journal ? patch(`/journals/${shown.journal.id}`, body) : post('/journals', body)
    },
    onSuccess: () => {
      toastSuccess()
      client.invalidateQueries({ queryKey: journalsKey })
      onClose()
    },
    onError: (error) => showServerErrors(form, error),
  })

  const formId = 'journal-form'
  const prefixedName = `${ASSOCIATE_PREFIX}${form.values.name.trim()}`
  /** The optional opening balance of an associate or operator account. */
  const startingValueInput = (description: string) => (
    <MoneyInput
      label="Solde initial"
      description={description}
      placeholder="0,00"
      rightSection="€"
      value={form.values.startingValue}
      onChange={(value) => form.setFieldValue('startingValue', value)}
      error={form.errors.startingValue}
    />
  )

  return (
    <AppDrawer
      opened={draft !== null}
      onClose={save.isPending ? () => {} : onClose}
      title={isNew ? TITLES[kind].create : TITLES[kind].edit}
      size="md"
      footer={<SaveCancelFooter formId={formId} pending={save.isPending} onCancel={onClose} />}
    >
      <form id={formId} onSubmit={form.onSubmit((values) => save.mutate(values))} noValidate>
        <Stack gap="md">
          {kind === 'BQ' ? (
            <>
              <TextInput
                label="Nom"
                placeholder="Compte professionnel"
                withAsterisk
                maxLength={TEXT_MAX}
                data-autofocus
                {...form.getInputProps('name')}
              />
              <TextInput
                label="IBAN"
                placeholder="FR76 3000 6000 0112 3456 7890 189"
                autoComplete="off"
                {...form.getInputProps('iban')}
                onBlur={() => {
                  const iban = form.values.iban
                  if (iban.trim() && ibanIsValid(iban)) form.setFieldValue('iban', formatIban(iban))
                  form.validateField('iban')
                }}
              />
              <TextInput label="BIC" placeholder="AGRIFRPPXXX" autoComplete="off" {...form.getInputProps('bic')} />
              <MoneyInput
                label="Solde de départ"
                description="Le solde du compte avant la première opération suivie dans Carnet."
                placeholder="0,00"
                rightSection="€"
                value={form.values.startingValue}
                onChange={(value) => form.setFieldValue('startingValue', value)}
                error={form.errors.startingValue}
              />
              <Switch
                label="Compte par défaut"
                description="Le compte proposé en premier."
                {...form.getInputProps('isDefault', { type: 'checkbox' })}
              />
              {isNew && startsInactive ? (
                <Text size="sm" c="dimmed">
                  Un autre compte bancaire est actif : ce nouveau compte sera créé inactif.
                </Text>
              ) : null}
            </>
          ) : kind === 'EX' ? (
            <>
              <TextInput
                label="Nom du compte"
                placeholder="Compte de l'exploitant"
                withAsterisk
                maxLength={TEXT_MAX}
                data-autofocus
                {...form.getInputProps('name')}
              />
              {startingValueInput("Facultatif : ce que l'entreprise te doit déjà.")}
            </>
          ) : (
            <>
              <TextInput
                label="Nom de l'associé"
                placeholder="Camille Martin"
                withAsterisk
                maxLength={TEXT_MAX - ASSOCIATE_PREFIX.length}
                leftSection={
                  <Text size="sm" fw={600} c="dimmed" aria-hidden>
                    CCA
                  </Text>
                }
                leftSectionWidth={48}
                description={
                  form.values.name.trim()
                    ? `Le compte s'appellera « ${prefixedName} ».`
                    : 'Le nom du compte commence toujours par « CCA ».'
                }
                data-autofocus
                {...form.getInputProps('name')}
              />
              {startingValueInput('Facultatif.')}
            </>
          )}
        </Stack>
      </form>
    </AppDrawer>
  )
}
