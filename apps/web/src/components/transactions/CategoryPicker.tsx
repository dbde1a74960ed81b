import { type AccountingEntryDto, allocationMessages, groupCategories, messages } from '@app/domain'
import { Combobox, Group, Input, InputBase, Loader, Text, useCombobox } from '@mantine/core'
import { IconSearch } from '@tabler/icons-react'
import { type ReactElement, type ReactNode, useMemo, useState } from 'react'
import { searchCategories } from './categorySearch'
import { useCategories } from './transactionQueries'

/** What the closed picker needs to draw itself (the list's category button, a form field…). */
export type CategoryPickerTarget = {
  toggle: () => void
  selected: AccountingEntryDto | undefined
  loading: boolean
}

export type CategoryPickerProps = {
  /** The chosen category's id; null when none. */
  value: number | null
  /** Called with the category picked (never a folder). */
  onChange: (category: AccountingEntryDto) => void
  /** The closed picker; an input-like button showing the category's name by default. */
  renderTarget?: (target: CategoryPickerTarget) => ReactElement
  label?: ReactNode
  /** Shown when nothing is chosen; 'À catégoriser' by default. */
  placeholder?: string
  error?: ReactNode
  disabled?: boolean
  /** The default target's accessible name when it has no label. */
  'aria-label'?: string
  /** Opens the list at once (a modal whose only job is to pick). */
  defaultOpened?: boolean
  /** Only the categories this accepts are offered (a cash sale's line: sales accounts, or treasury accounts). */
  filter?: (category: AccountingEntryDto) => boolean
}

/** Enough options to browse; the search narrows the rest. */
const SHOWN_MAX = 300

/** The groups cut after `max` categories in all. */
function firstOf<T>(groups: { label: string; items: T[] }[], max: number) {
  let left = max
  return groups
    .map((group) => {
      const items = group.items.slice(0, Math.max(left, 0))
      left -= items.length
      return { ...group, items }
    })
    .filter((group) => group.items.length > 0)
}

/**
 * The accounting-entries picker (spec/money.md §2 "Drawers and dialogs"): a searchable list of the categories in
 * readable groups (Ventes, Achats, Frais généraux, Personnel, Taxes, Banque…: the domain's groupCategories, issue 31),
 * in account order within each, every category named first and numbered after; folders never offered. The search
 * ignores accents and case and looks at the name, the tags and the code (§5 "Category restrictions"); its best
 * matches come first within each group.
 */
export function CategoryPicker({
  value,
  onChange,
  renderTarget,
  label,
  placeholder = allocationMessages.toCategorize,
  error,
  disabled,
  'aria-label': ariaLabel,
  defaultOpened,
  filter,
}: CategoryPickerProps) {
  const categories = useCategories()
  const [search, setSearch] = useState('')
  const combobox = useCombobox({
    defaultOpened,
    onDropdownClose: () => {
      combobox.resetSelectedOption()
      setSearch('')
    },
    onDropdownOpen: () => combobox.focusSearchInput(),
  })
  const all = categories.data ?? []
  const selected = value === null ? undefined : all.find((category) => category.id === value)
  // A deactivated category is no longer offered, but one already chosen still shows its name (issue 14).
  const offered = useMemo(
    () => all.filter((category) => category.isActive !== false && (!filter || filter(category))),
    [all, filter],
  )
  const found = useMemo(() => searchCategories(offered, search), [offered, search])
  const searching = search.trim() !== ''
  const groups = useMemo(() => firstOf(groupCategories(found, { keepOrder: searching }), SHOWN_MAX), [found, searching])
  const toggle = () => !disabled && combobox.toggleDropdown()

  const target = renderTarget ? (
    renderTarget({ toggle, selected, loading: categories.isPending })
  ) : (
    <InputBase
      component="button"
      type="button"
      pointer
      label={label}
      error={error}
      disabled={disabled}
      aria-label={label ? undefined : ariaLabel}
      rightSection={categories.isPending ? <Loader size={14} /> : <Combobox.Chevron />}
      rightSectionPointerEvents="none"
      onClick={toggle}
    >
      {selected ? (
        <Text span size="sm" truncate>
          {selected.name}
        </Text>
      ) : (
        <Input.Placeholder>{placeholder}</Input.Placeholder>
      )}
    </InputBase>
  )

  return (
    <Combobox
      store={combobox}
      width={renderTarget ? 340 : 'target'}
      position="bottom-start"
      shadow="md"
      withinPortal
      onOptionSubmit={(id) => {
        const category = all.find((entry) => String(entry.id) === id)
        if (category) onChange(category)
        combobox.closeDropdown()
      }}
    >
      <Combobox.Target targetType="button" withAriaAttributes={!renderTarget}>
        {target}
      </Combobox.Target>
      <Combobox.Dropdown miw={280}>
        <Combobox.Search
          value={search}
          aria-label="Rechercher une catégorie"
          placeholder="Rechercher une catégorie"
          leftSection={<IconSearch size={14} />}
          onChange={(event) => {
            setSearch(event.currentTarget.value)
            combobox.updateSelectedOptionIndex()
            requestAnimationFrame(() => combobox.selectFirstOption())
          }}
        />
        <Combobox.Options mah={320} style={{ overflowY: 'auto' }} aria-label="Catégories">
          {categories.isPending ? (
            <Combobox.Empty>Chargement…</Combobox.Empty>
          ) : categories.isError ? (
            <Combobox.Empty>{messages.generic.errorShort}</Combobox.Empty>
          ) : groups.length === 0 ? (
            <Combobox.Empty>{messages.generic.noResult}</Combobox.Empty>
          ) : (
            groups.map((group) => (
              <Combobox.Group key={group.label} label={group.label}>
                {group.items.map((category) => (
                  <Combobox.Option
                    key={category.id}
                    value={String(category.id)}
                    active={category.id === value}
                    aria-label={category.name}
                  >
                    <Group wrap="nowrap" gap={6}>
                      <Text size="sm" truncate>
                        {category.name}
                      </Text>
                      <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums', flexShrink: 0 }}>
                        · {category.code}
                      </Text>
                    </Group>
                  </Combobox.Option>
                ))}
              </Combobox.Group>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  )
}
