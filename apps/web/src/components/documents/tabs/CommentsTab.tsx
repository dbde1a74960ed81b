import { COMMENT_MAX, type CommentDto, messages } from '@app/domain'
import { ActionIcon, Button, Center, Group, Loader, Paper, Stack, Text, Textarea, Tooltip } from '@mantine/core'
import { IconMessage, IconTrash } from '@tabler/icons-react'
import { useState } from 'react'
import { toastError } from '../../../lib/toast'
import { ConfirmModal } from '../../ConfirmModal'
import { EmptyBlock } from '../../EmptyBlock'
import { ErrorState } from '../../ErrorState'
import { formatInstantDateTime } from '../../instant'
import { useAddComment, useComments, useDeleteComment } from './discussionQueries'
import type { DiscussionSubject } from './subject'

function CommentItem({ comment, onDelete }: { comment: CommentDto; onDelete: () => void }) {
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="li"
      aria-label={`Commentaire de ${comment.commentator?.firstname ?? 'un ancien membre'}`}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Group gap={6} wrap="wrap">
          <Text size="sm" fw={600}>
            {comment.commentator?.firstname ?? 'Ancien membre'}
          </Text>
          <Text size="xs" c="dimmed">
            {formatInstantDateTime(comment.createdAt)}
          </Text>
        </Group>
        {comment.canDelete ? (
          <Tooltip label="Supprimer le commentaire">
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-label="Supprimer le commentaire"
              onClick={onDelete}
            >
              <IconTrash size={14} />
            </ActionIcon>
          </Tooltip>
        ) : null}
      </Group>
      <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {comment.comment}
      </Text>
    </Paper>
  )
}

/** The texts of the empty list and of a failed post; each spec writes its own (money.md uses ’). */
export type CommentsTexts = { empty: string; failed: string }

const DOCUMENT_TEXTS: CommentsTexts = { empty: messages.documents.noComment, failed: messages.documents.commentFailed }

/** The Comments tab (spec/sales.md §2, §8): the list oldest first, a field to add one, delete one's own. */
export function CommentsTab({
  subject,
  texts = DOCUMENT_TEXTS,
}: {
  subject: DiscussionSubject
  texts?: CommentsTexts
}) {
  const query = useComments(subject)
  const add = useAddComment(subject)
  const remove = useDeleteComment(subject)
  const [text, setText] = useState('')
  const [toDelete, setToDelete] = useState<CommentDto | null>(null)
  const canSend = text.trim().length > 0 && !add.isPending

  const send = () => {
    if (!canSend) return
    add.mutate(text, {
      onSuccess: () => setText(''),
      onError: () => toastError(null, texts.failed),
    })
  }

  const confirmDelete = () => {
    if (!toDelete) return
    remove.mutate(toDelete.id, {
      onSuccess: () => setToDelete(null),
      onError: (error) => {
        setToDelete(null)
        toastError(error)
      },
    })
  }

  return (
    <Stack gap="md">
      {query.isPending ? (
        <Center py="md">
          <Loader size="sm" />
        </Center>
      ) : query.isError ? (
        <ErrorState message={messages.generic.detailLoadError} onRetry={() => query.refetch()} />
      ) : query.data.length === 0 ? (
        <EmptyBlock icon={<IconMessage size={20} />} title={texts.empty} />
      ) : (
        <Stack gap="xs" component="ul" aria-label="Commentaires" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {query.data.map((comment) => (
            <CommentItem key={comment.id} comment={comment} onDelete={() => setToDelete(comment)} />
          ))}
        </Stack>
      )}
      <Stack gap="xs">
        <Textarea
          label="Nouveau commentaire"
          placeholder="Écris ton commentaire…"
          autosize
          minRows={2}
          maxRows={8}
          maxLength={COMMENT_MAX}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault()
              send()
            }
          }}
          description="Ctrl + Entrée (⌘ + Entrée sur Mac) pour envoyer"
        />
        <Group justify="flex-end">
          <Button onClick={send} disabled={!canSend} loading={add.isPending}>
            Ajouter
          </Button>
        </Group>
      </Stack>
      <ConfirmModal
        opened={toDelete !== null}
        onClose={() => setToDelete(null)}
        onConfirm={confirmDelete}
        loading={remove.isPending}
      />
    </Stack>
  )
}
