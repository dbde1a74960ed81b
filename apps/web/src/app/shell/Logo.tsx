import { Group, Image, Text, UnstyledButton } from '@mantine/core'
import { Link } from 'react-router'

/** The Carnet mark and word, linking to the dashboard. */
export function Logo({ onClick }: { onClick?: () => void }) {
  return (
    <UnstyledButton component={Link} to="/app" onClick={onClick} aria-label="Carnet, tableau de bord">
      <Group gap={10} wrap="nowrap">
        <Image src="/favicon.svg" alt="" w={30} h={30} />
        {/* The word leaves room to the header's actions on a phone; the mark stays, with the link's name. */}
        <Text component="span" fw={700} fz={20} lh={1} visibleFrom="xs">
          Carnet
        </Text>
      </Group>
    </UnstyledButton>
  )
}
