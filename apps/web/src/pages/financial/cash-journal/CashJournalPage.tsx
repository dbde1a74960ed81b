import { cashJournalMessages as m, todayInParis } from '@app/domain'
import { Alert, Stack, Text, Title } from '@mantine/core'
import { IconInfoCircle } from '@tabler/icons-react'
import { ArchiveCard } from './ArchiveCard'
import { ClosingsCard } from './ClosingsCard'
import { useCashJournalVerification } from './cashJournalQueries'
import { VerificationCard } from './VerificationCard'

/**
 * /app/financial/cash-journal (decision 0038, CGI art. 286 I-3° bis): the unalterable cash journal of the cash sales
 * and movements, its check (« Vérifier »), its closings (Z) and the archive for the tax inspector. An organisation the
 * law does not concern (franchise en base, no sales over the counter) reads why, and nothing else.
 */
export function CashJournalPage() {
  const verification = useCashJournalVerification()
  const data = verification.data
  const notConcerned = data && !data.concerned && data.entries === 0
  return (
    <Stack gap="lg" w="100%" maw={960} mx="auto">
      <Title order={1} size="h2">
        {m.title}
      </Title>
      <Text c="dimmed" size="sm">
        Tes ventes au comptant et tes mouvements de caisse sont enregistrés dans un journal que personne ne peut
        réécrire : une modification ou une suppression ajoute une écriture de correction ou d’annulation, l’originale
        reste.
      </Text>
      {notConcerned && data.notConcernedReason ? (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} title="Tu n’es pas concerné·e">
          {m.notConcerned[data.notConcernedReason]}
        </Alert>
      ) : (
        <>
          <VerificationCard
            verification={data}
            loading={verification.isPending}
            failed={verification.isError}
            checking={verification.isFetching && !verification.isPending}
            onVerify={() => verification.refetch()}
          />
          <ClosingsCard />
          <ArchiveCard currentYear={Number(todayInParis().slice(0, 4))} />
        </>
      )}
    </Stack>
  )
}
