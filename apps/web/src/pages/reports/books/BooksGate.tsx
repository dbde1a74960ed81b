import { ledgerMessages } from '@app/domain'
import { Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { IconBook } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { FeatureGate } from '../../../components/FeatureGate'
import { PlansButton } from '../../../components/PlansButton'
import { PremiumStar } from '../../../components/PremiumStar'
import { bookTexts as t } from './bookTexts'

/** What the books do, and that they come with a Pop plan (spec/account.md §6 "The ledger is in Pop and Pop+ only"). */
export function BooksUpsellPage() {
  return (
    <Stack gap="md" maw={720} mx="auto">
      <Title order={1} size="h2">
        {t.landing.title}
      </Title>
      <Paper withBorder radius="lg" p="xl" data-testid="books-upsell">
        <Stack gap="sm" align="center" ta="center">
          <ThemeIcon size={48} radius="xl" variant="light" color="yellow">
            <IconBook size={26} />
          </ThemeIcon>
          <Group gap={6} justify="center">
            <Text fw={600} fz="lg">
              {t.landing.title}
            </Text>
            <PremiumStar locked feature="ledger" size={16} />
          </Group>
          <Text>{ledgerMessages.ledger.booksUpsell}</Text>
          <Text c="dimmed" size="sm">
            {ledgerMessages.ledger.booksPremiumRequired}
          </Text>
          <PlansButton />
        </Stack>
      </Paper>
    </Stack>
  )
}

/** The book pages: their content on a plan with the books, the upsell otherwise (the server refuses them too). */
export function BooksGate({ children }: { children: ReactNode }) {
  return (
    <FeatureGate feature="ledger" upsell={<BooksUpsellPage />}>
      {children}
    </FeatureGate>
  )
}
