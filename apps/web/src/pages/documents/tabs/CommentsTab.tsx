import { messages } from '@app/domain'
import { IconMessage } from '@tabler/icons-react'
import { EmptyBlock } from '../../../components/EmptyBlock'
import type { DocumentSubject } from './subject'

export function CommentsTab(_: { subject: DocumentSubject }) {
  return <EmptyBlock icon={<IconMessage size={20} />} title={messages.documents.noComment} />
}
