import { IconHistory } from '@tabler/icons-react'
import { EmptyBlock } from '../../../components/EmptyBlock'
import { texts } from '../../invoices/documentUi'
import type { DocumentSubject } from './subject'

export function HistoryTab(_: { subject: DocumentSubject }) {
  return <EmptyBlock icon={<IconHistory size={20} />} title={texts.noHistory} />
}
