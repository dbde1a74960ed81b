import { Alert, Button, CopyButton, Group, SimpleGrid, Stack, Text } from '@mantine/core'
import { IconCheck, IconCopy, IconDownload } from '@tabler/icons-react'

/** The .txt of the codes: one a line, with what they are for, so the file makes sense found later. */
function downloadCodes(codes: string[]) {
  const text = [
    'Carnet : codes de récupération de la double authentification',
    'Chacun ne sert qu’une fois. Garde-les en lieu sûr.',
    '',
    ...codes,
    '',
  ].join('\n')
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }))
  const link = document.createElement('a')
  link.href = url
  link.download = 'carnet-codes-de-recuperation.txt'
  link.click()
  URL.revokeObjectURL(url)
}

/** The 10 recovery codes, shown once: « Télécharger » and « Copier », then « J'ai noté mes codes ». */
export function TwoFactorRecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <Stack gap="md">
      <Alert color="yellow" title="Note tes codes de récupération maintenant">
        Ils ne seront plus affichés. Sans ton téléphone, chacun de ces codes permet une connexion, une seule fois.
      </Alert>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {codes.map((code) => (
          <Text component="li" key={code} ff="monospace" size="md" data-testid="recovery-code">
            {code}
          </Text>
        ))}
      </SimpleGrid>
      <Group gap="sm" wrap="wrap">
        <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => downloadCodes(codes)}>
          Télécharger
        </Button>
        <CopyButton value={codes.join('\n')}>
          {({ copied, copy }) => (
            <Button
              variant="default"
              leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              onClick={copy}
            >
              {copied ? 'Copiés' : 'Copier'}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone}>J’ai noté mes codes</Button>
      </Group>
    </Stack>
  )
}
