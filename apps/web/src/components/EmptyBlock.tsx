import { EmptyState } from '@mantine/core'
import type { ReactNode } from 'react'

/** The empty state of a section: a soft icon, the spec's text, an optional hint. */
export function EmptyBlock({ icon, title, description }: { icon: ReactNode; title: string; description?: ReactNode }) {
  return (
    <EmptyState
      size="sm"
      withIndicatorBackground
      icon={icon}
      title={title}
      description={description}
      py="lg"
      style={{ border: '1px dashed var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-md)' }}
    />
  )
}
