import { Drawer } from '@mantine/core'
import { Logo } from './Logo'
import type { Viewer } from './nav-entries'
import { SidebarNav } from './SidebarNav'

/** The navigation on a phone, in a drawer opened by the burger. */
export function MobileNavDrawer({ opened, onClose, viewer }: { opened: boolean; onClose: () => void; viewer: Viewer }) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      size={280}
      padding="md"
      title={<Logo onClick={onClose} />}
      hiddenFrom="sm"
      closeButtonProps={{ 'aria-label': 'Fermer le menu' }}
    >
      <SidebarNav viewer={viewer} onNavigate={onClose} />
    </Drawer>
  )
}
