import { Group, type MantineSpacing } from '@mantine/core'
import { Dropzone } from '@mantine/dropzone'
import { type Icon, IconUpload } from '@tabler/icons-react'
import type { ReactNode } from 'react'

/**
 * What a drop zone shows (the receipts', the bank statements', the branding files'), centred: an upload arrow while
 * files are dragged over it, red when they would be refused, its own `idleIcon` otherwise, then its texts. Clicks go
 * through to the zone, which opens the file picker.
 */
export function DropzoneContent({
  idleIcon: IdleIcon,
  iconSize,
  minHeight,
  gap = 'md',
  children,
}: {
  idleIcon: Icon
  iconSize: number
  minHeight: number
  gap?: MantineSpacing
  children: ReactNode
}) {
  return (
    <Group justify="center" gap={gap} mih={minHeight} style={{ pointerEvents: 'none' }}>
      <Dropzone.Accept>
        <IconUpload size={iconSize} stroke={1.5} />
      </Dropzone.Accept>
      <Dropzone.Reject>
        <IconUpload size={iconSize} stroke={1.5} color="var(--mantine-color-red-6)" />
      </Dropzone.Reject>
      <Dropzone.Idle>
        <IdleIcon size={iconSize} stroke={1.5} />
      </Dropzone.Idle>
      {children}
    </Group>
  )
}
