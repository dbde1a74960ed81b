import { type CashJournalVerification, formatDateFr, cashJournalMessages as m } from '@app/domain'
import { Alert, Badge, Button, Code, Group, Skeleton, Stack, Text } from '@mantine/core'
import { IconAlertTriangle, IconRefresh, IconShieldCheck } from '@tabler/icons-react'
import { ErrorState } from '../../../components/ErrorState'
import { SettingsSection } from '../../../components/SettingsSection'

/** A signature as a block that wraps anywhere: 64 characters never push a phone's page sideways. */
function Signature({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
        {value}
      </Code>
    </Stack>
  )
}

/** The chain's check: intact (its length and last signature) or the first broken link; « Vérifier » walks it again. */
export function VerificationCard({
  verification,
  loading,
  failed,
  checking,
  onVerify,
}: {
  verification: CashJournalVerification | undefined
  loading: boolean
  failed: boolean
  checking: boolean
  onVerify: () => void
}) {
  const broken = verification?.brokenLink ?? null
  return (
    <SettingsSection
      id="verification"
      title="Vérification de la chaîne"
      description="Chaque écriture porte l’empreinte (sha256) de la précédente : une écriture modifiée, supprimée ou insérée rompt la chaîne à cet endroit."
      aside={
        <Button
          onClick={onVerify}
          loading={checking}
          leftSection={<IconRefresh size={16} />}
          variant="light"
          aria-label={m.verify}
        >
          {m.verify}
        </Button>
      }
    >
      {loading ? <Skeleton height={60} /> : null}
      {failed ? <ErrorState onRetry={onVerify} /> : null}
      {verification ? (
        <Stack gap="md" aria-live="polite">
          <Group gap="sm" wrap="wrap">
            {verification.intact ? (
              <Badge color="green" size="lg" leftSection={<IconShieldCheck size={14} />}>
                {m.intact}
              </Badge>
            ) : (
              <Badge color="red" size="lg" leftSection={<IconAlertTriangle size={14} />}>
                {m.broken}
              </Badge>
            )}
            <Text size="sm" c="dimmed">
              {verification.entries} écriture{verification.entries > 1 ? 's' : ''} vérifiée
              {verification.entries > 1 ? 's' : ''}
            </Text>
          </Group>
          {broken ? (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertTriangle size={18} />}
              role="alert"
              title="Premier maillon rompu"
            >
              <Stack gap="xs">
                <Text size="sm">
                  Écriture n° {broken.sequence} du {formatDateFr(broken.recordedOn)} : {broken.message}
                </Text>
                <Signature label="Attendu" value={broken.expected} />
                <Signature label="Enregistré" value={broken.stored} />
              </Stack>
            </Alert>
          ) : null}
          {verification.lastSignature ? (
            <Signature
              label={`Signature de la dernière écriture (n° ${verification.lastSequence})`}
              value={verification.lastSignature}
            />
          ) : null}
        </Stack>
      ) : null}
    </SettingsSection>
  )
}
