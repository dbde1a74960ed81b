import { messages, type SearchResult } from '@app/domain'
import { Box, Loader, Modal, ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core'
import { IconSearch } from '@tabler/icons-react'
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { groupResults } from './groups'
import { useGlobalSearch } from './useGlobalSearch'

const t = messages.search
const LISTBOX_ID = 'global-search-results'
const optionId = (index: number) => `global-search-option-${index}`

/**
 * The global search (spec/account.md §2 "Search"; DESIGN.md: ⌘K / Ctrl+K): what is typed is searched 500 ms after
 * the last key once it has 3 characters; the results come grouped by type; the arrow keys move the selection, Enter
 * opens it, Escape closes.
 */
export function SearchModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [text, setText] = useState('')
  const [active, setActive] = useState(0)
  const navigate = useNavigate()
  const search = useGlobalSearch(text)
  const groups = useMemo(() => groupResults(search.results), [search.results])
  const ordered = useMemo(() => groups.flatMap((group) => group.results.map(({ result }) => result)), [groups])
  const list = useRef<HTMLDivElement>(null)

  // A new answer selects its first result again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: resetting when the results change is the point.
  useEffect(() => setActive(0), [ordered])
  useEffect(() => {
    list.current?.querySelector(`#${optionId(active)}`)?.scrollIntoView({ block: 'nearest' })
  }, [active])

  const close = () => {
    setText('')
    onClose()
  }
  const open = (result: SearchResult | undefined) => {
    if (!result) return
    close()
    navigate(result.url)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      const step = event.key === 'ArrowDown' ? 1 : -1
      setActive((current) => Math.min(Math.max(current + step, 0), Math.max(ordered.length - 1, 0)))
    } else if (event.key === 'Enter') {
      event.preventDefault()
      open(ordered[active])
    }
  }

  return (
    <Modal opened={opened} onClose={close} title={t.dialogTitle} size="lg" yOffset="10vh">
      <TextInput
        data-autofocus
        aria-label={t.open}
        placeholder={t.placeholder}
        value={text}
        maxLength={100}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        leftSection={<IconSearch size={16} />}
        rightSection={search.loading ? <Loader size="xs" aria-label="Recherche en cours" /> : null}
        role="combobox"
        aria-expanded={ordered.length > 0}
        aria-controls={LISTBOX_ID}
        aria-activedescendant={ordered.length > 0 ? optionId(active) : undefined}
        aria-autocomplete="list"
      />
      <Box mt="md" aria-live="polite">
        {search.tooShort ? (
          <Text size="sm" c="dimmed">
            {t.hint}
          </Text>
        ) : search.failed ? (
          <Text size="sm" c="red">
            {t.failed}
          </Text>
        ) : search.settled && ordered.length === 0 ? (
          <Text size="sm" c="dimmed">
            {messages.empty.noResult}
          </Text>
        ) : null}
      </Box>
      {ordered.length > 0 ? (
        <ScrollArea.Autosize mah="55vh" viewportRef={list}>
          <Stack gap="sm" id={LISTBOX_ID} role="listbox" aria-label={t.dialogTitle}>
            {groups.map((group) => (
              <Box key={group.type} role="group" aria-label={group.label}>
                <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="xs" mb={4}>
                  {group.label}
                </Text>
                {group.results.map(({ result, index }) => (
                  <UnstyledButton
                    key={`${result.type}-${result.id}`}
                    id={optionId(index)}
                    role="option"
                    aria-selected={index === active}
                    tabIndex={-1}
                    display="block"
                    w="100%"
                    px="xs"
                    py={6}
                    style={{
                      borderRadius: 'var(--mantine-radius-sm)',
                      background: index === active ? 'var(--mantine-primary-color-light)' : undefined,
                    }}
                    onMouseEnter={() => setActive(index)}
                    onClick={() => open(result)}
                  >
                    <Text size="sm" fw={600} truncate>
                      {result.title}
                    </Text>
                    <Text size="xs" c="dimmed" truncate>
                      {result.subtitle}
                    </Text>
                  </UnstyledButton>
                ))}
              </Box>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      ) : null}
    </Modal>
  )
}
