import { Tabs } from '@mantine/core'
import type { ReactNode } from 'react'
import { CommentsTab } from './CommentsTab'
import { HistoryTab } from './HistoryTab'
import { PreviewTab } from './PreviewTab'
import type { DocumentSubject } from './subject'

/** The details drawer's tabs (spec/sales.md §2): Aperçu, Commentaires, Historique, plus the quote's Acomptes. */
export function DocumentTabs({
  subject,
  extra,
}: {
  subject: DocumentSubject
  extra?: { value: string; label: string; panel: ReactNode }
}) {
  return (
    <Tabs defaultValue="preview" keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="preview">Aperçu</Tabs.Tab>
        <Tabs.Tab value="comments">Commentaires</Tabs.Tab>
        <Tabs.Tab value="history">Historique</Tabs.Tab>
        {extra ? <Tabs.Tab value={extra.value}>{extra.label}</Tabs.Tab> : null}
      </Tabs.List>
      <Tabs.Panel value="preview" pt="md">
        <PreviewTab subject={subject} />
      </Tabs.Panel>
      <Tabs.Panel value="comments" pt="md">
        <CommentsTab subject={subject} />
      </Tabs.Panel>
      <Tabs.Panel value="history" pt="md">
        <HistoryTab subject={subject} />
      </Tabs.Panel>
      {extra ? (
        <Tabs.Panel value={extra.value} pt="md">
          {extra.panel}
        </Tabs.Panel>
      ) : null}
    </Tabs>
  )
}
