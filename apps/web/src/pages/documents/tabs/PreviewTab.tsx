import { messages } from '@app/domain'
import { IconFileOff } from '@tabler/icons-react'
import { EmptyBlock } from '../../../components/EmptyBlock'
import type { DocumentSubject } from './subject'

export function PreviewTab(_: { subject: DocumentSubject }) {
  return <EmptyBlock icon={<IconFileOff size={20} />} title={messages.documents.noPreview} />
}
