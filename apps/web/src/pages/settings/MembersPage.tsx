import { Box, Stack, Text, Title } from '@mantine/core'
import { InviteForm, PendingInvitations } from './InvitationsSection'
import { MembersSection } from './MembersSection'
import { TwoFactorRequirementSection } from './TwoFactorRequirementSection'

/** /app/setting/collaborators: members and their roles, the invitation form, pending invitations. */
export function MembersPage() {
  return (
    <Stack gap="lg">
      <Box>
        <Title order={2} size="h3">
          Collaborateurs
        </Title>
        <Text c="dimmed" size="sm">
          Invite ton équipe ou ton expert-comptable et choisis ce que chacun peut faire.
        </Text>
      </Box>
      <MembersSection />
      <InviteForm />
      <PendingInvitations />
      <TwoFactorRequirementSection />
    </Stack>
  )
}
