import { messages, NOTE_MAX } from '@app/domain'
import { Group, Text, Textarea } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { TextLimit } from '../../TextLimit'
import { saveNote, useNote } from './discussionQueries'
import type { DiscussionSubject } from './subject'

/** The pause after the last keystroke before the note saves itself (spec/sales.md §5). */
export const NOTE_SAVE_DELAY_MS = 1000

type Status = 'idle' | 'saving' | 'saved' | 'failed'

const STATUS_TEXT: Record<Status, string> = {
  idle: '',
  saving: messages.comments.noteSaving,
  saved: messages.comments.noteSaved,
  failed: messages.comments.noteFailed,
}

/**
 * The document's private note (spec/sales.md §5 "Notes auto-save after a pause; limit 2000 characters"): saved one
 * second after the last keystroke, and at once when the drawer closes with a change not yet saved.
 */
export function NoteField({
  subject,
  placeholder = 'Ajoute une note sur ce document…',
}: {
  subject: DiscussionSubject
  placeholder?: string
}) {
  const client = useQueryClient()
  const query = useNote(subject)
  const [value, setValue] = useState<string | null>(null)
  const [status, setStatus] = useState<Status>('idle')
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const pending = useRef<string | null>(null)
  const mounted = useRef(true)
  const subjectRef = useRef(subject)
  subjectRef.current = subject

  // The field shows the server's note once, then owns the text.
  const shown = value ?? query.data?.comment ?? ''

  const flush = () => {
    if (timer.current) clearTimeout(timer.current)
    timer.current = null
    const comment = pending.current
    // Beyond 2000 characters the field says so (TextLimit) and nothing is saved, rather than a cut or a failure.
    if (comment === null || comment.length > NOTE_MAX) return
    pending.current = null
    if (mounted.current) setStatus('saving')
    saveNote(client, subjectRef.current, comment).then(
      () => {
        if (mounted.current && pending.current === null) setStatus('saved')
      },
      () => {
        if (mounted.current) setStatus('failed')
      },
    )
  }
  const flushRef = useRef(flush)
  flushRef.current = flush

  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
      // Closing the drawer mid-typing loses nothing: the change waiting for its pause is saved now.
      flushRef.current()
    }
  }, [])

  const onChange = (next: string) => {
    setValue(next)
    pending.current = next
    setStatus('idle')
    if (timer.current) clearTimeout(timer.current)
    timer.current = setTimeout(() => flushRef.current(), NOTE_SAVE_DELAY_MS)
  }

  return (
    <Textarea
      label="Notes"
      description="Visibles seulement par ton équipe"
      placeholder={placeholder}
      autosize
      minRows={2}
      maxRows={10}
      maxLength={NOTE_MAX}
      // A note that could not be read is not written over by accident.
      disabled={(query.isPending || query.isError) && value === null}
      value={shown}
      onChange={(event) => onChange(event.currentTarget.value)}
      onBlur={() => flushRef.current()}
      inputWrapperOrder={['label', 'description', 'input', 'error']}
      error={
        status === 'failed'
          ? STATUS_TEXT.failed
          : query.isError && value === null
            ? messages.generic.detailLoadError
            : undefined
      }
      inputContainer={(children) => (
        <>
          <TextLimit>{children}</TextLimit>
          <Group justify="space-between" gap="xs" mt={4}>
            <Text size="xs" c="dimmed" aria-live="polite" data-testid="note-status">
              {status === 'failed' ? '' : STATUS_TEXT[status]}
            </Text>
            <Text size="xs" c={shown.length >= NOTE_MAX ? 'red' : 'dimmed'}>
              {shown.length} / {NOTE_MAX}
            </Text>
          </Group>
        </>
      )}
    />
  )
}
