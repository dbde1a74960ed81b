import { messages, type VatChoiceTax, vatChoices } from '@app/domain'
import { Select, type SelectProps, Stack, Text } from '@mantine/core'
import { useMemo } from 'react'
import { useMe } from '../../../app/session'
import { useReferenceList } from '../../ReferenceSelect'
import { TAXES_PATH } from './editorQueries'

/**
 * A document line's VAT (issue 31): each rate of the organisation's area once, named for a non-accountant — the list
 * reads "20 % · taux normal", "0 % · exonéré ou autoliquidation" with why one would choose it; the narrow field shows
 * the short form ("20 %", "Exonéré", "Sans TVA"). What the line already has stays offered.
 */
export function VatSelect({ value, disabled, error, ...props }: Omit<SelectProps, 'data'>) {
  const taxes = useReferenceList<VatChoiceTax & { code: string }>(TAXES_PATH)
  const taxAreaId = useMe().data?.currentOrganization?.taxAreaId
  const current = value ? Number(value) : null
  const choices = useMemo(
    () => vatChoices(taxes.data ?? [], { taxAreaId, keep: current === null ? [] : [current] }),
    [taxes.data, taxAreaId, current],
  )
  const data = useMemo(
    () => choices.map((choice) => ({ value: String(choice.tax.id), label: choice.short })),
    [choices],
  )
  const byId = useMemo(() => new Map(choices.map((choice) => [String(choice.tax.id), choice])), [choices])
  return (
    <Select
      data={data}
      value={value}
      allowDeselect={false}
      comboboxProps={{ shadow: 'md', width: 300, position: 'bottom-end' }}
      maxDropdownHeight={320}
      disabled={disabled || taxes.isPending}
      placeholder={taxes.isPending ? 'Chargement…' : undefined}
      error={error || (taxes.isError ? messages.generic.errorShort : undefined)}
      renderOption={({ option }) => {
        const choice = byId.get(option.value)
        return (
          <Stack gap={0}>
            <Text size="sm">{choice?.label ?? option.label}</Text>
            {choice?.reason ? (
              <Text size="xs" c="dimmed">
                {choice.reason}
              </Text>
            ) : null}
          </Stack>
        )
      }}
      {...props}
    />
  )
}
