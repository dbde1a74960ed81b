import { Box, Button, Drawer, type DrawerProps, Group } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import type { ReactNode } from 'react'

/**
 * The drawer of the app: on the right, full-screen on phones; Escape closes it. `footer` stays at the bottom
 * (the drawer's buttons), the body scrolls.
 */
export function AppDrawer({
  footer,
  children,
  size = 'lg',
  ...props
}: Omit<DrawerProps, 'position'> & { footer?: ReactNode; children: ReactNode }) {
  const phone = useMediaQuery('(max-width: 48em)')
  return (
    <Drawer
      position="right"
      size={phone ? '100%' : size}
      padding="lg"
      closeButtonProps={{ 'aria-label': 'Fermer' }}
      styles={{
        content: { display: 'flex', flexDirection: 'column' },
        body: { flex: 1, display: 'flex', flexDirection: 'column', minHeight: 0, paddingBottom: 0 },
        title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' },
      }}
      {...props}
    >
      <Box style={{ flex: 1 }} pb="md">
        {children}
      </Box>
      {footer ? (
        <Box
          py="md"
          style={{
            position: 'sticky',
            bottom: 0,
            background: 'var(--mantine-color-body)',
            borderTop: '1px solid var(--mantine-color-default-border)',
          }}
        >
          <Group justify="flex-end" gap="sm">
            {footer}
          </Group>
        </Box>
      ) : null}
    </Drawer>
  )
}

/** The footer of a form drawer: "Annuler" and "Enregistrer", which submits the form `formId`. */
export function SaveCancelFooter({
  formId,
  pending,
  onCancel,
}: {
  formId: string
  pending: boolean
  onCancel: () => void
}) {
  return (
    <>
      <Button variant="default" onClick={onCancel} disabled={pending}>
        Annuler
      </Button>
      <Button type="submit" form={formId} loading={pending}>
        Enregistrer
      </Button>
    </>
  )
}
