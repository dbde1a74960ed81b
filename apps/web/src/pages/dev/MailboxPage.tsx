import type { MailboxMessageDto } from '@app/domain'
import {
  ActionIcon,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Center,
  Container,
  CopyButton,
  EmptyState,
  Grid,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { IconArrowLeft, IconCheck, IconCopy, IconInbox, IconMail, IconRefresh } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import dayjs from 'dayjs'
import 'dayjs/locale/fr'
import relativeTime from 'dayjs/plugin/relativeTime'
import { Fragment, type ReactNode, useState } from 'react'
import { Link } from 'react-router'
import { ErrorState } from '../../components/ErrorState'
import { ApiError, get } from '../../lib/api'
import classes from './MailboxPage.module.css'

dayjs.extend(relativeTime)

const CODE = /\b\d{6}\b/
const TOKENS = /(https?:\/\/[^\s]+|\b\d{6}\b)/g

/** Newest first: by date, then by id for messages of the same instant. */
export const sortNewestFirst = (list: MailboxMessageDto[]) =>
  [...list].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id)

function CopyCode({ code }: { code: string }) {
  return (
    <CopyButton value={code} timeout={2000}>
      {({ copied, copy }) => (
        <Button
          variant="light"
          size="xs"
          onClick={copy}
          leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
          aria-label={`Copier le code ${code}`}
        >
          {copied ? 'Copié' : 'Copier'}
        </Button>
      )}
    </CopyButton>
  )
}

/** One line of the message, with links made clickable and 6-digit codes made obvious. */
function MessageLine({ line }: { line: string }) {
  const parts = line.split(TOKENS)
  return (
    <div className={classes.line}>
      {parts.map((part, index) => {
        const key = `${index}-${part}`
        if (/^https?:\/\//.test(part)) {
          return (
            <Anchor key={key} href={part} inherit className={classes.link}>
              {part}
            </Anchor>
          )
        }
        if (/^\d{6}$/.test(part)) {
          return (
            <Box component="mark" key={key} className={classes.code}>
              {part}
            </Box>
          )
        }
        return <Fragment key={key}>{part}</Fragment>
      })}
      {line === '' ? '\u00a0' : null}
    </div>
  )
}

function MessageView({ message, onBack }: { message: MailboxMessageDto; onBack?: () => void }) {
  const code = CODE.exec(message.text)?.[0]
  return (
    <Stack gap="md">
      {onBack ? (
        <Group>
          <Button variant="subtle" size="xs" leftSection={<IconArrowLeft size={14} />} onClick={onBack} px={4}>
            Tous les messages
          </Button>
        </Group>
      ) : null}
      <Stack gap={4}>
        <Title order={2} fz="lg">
          {message.subject}
        </Title>
        <Text size="sm" c="dimmed">
          À {message.to} · {dayjs(message.createdAt).locale('fr').format('DD/MM/YYYY à HH:mm')}
        </Text>
      </Stack>
      {code ? (
        <Paper withBorder p="md" radius="md" className={classes.codeBox}>
          <Group justify="space-between" wrap="nowrap">
            <Stack gap={0}>
              <Text size="xs" c="dimmed">
                Code à 6 chiffres
              </Text>
              <Text ff="monospace" fz={26} fw={700} lts={4}>
                {code}
              </Text>
            </Stack>
            <CopyCode code={code} />
          </Group>
        </Paper>
      ) : null}
      <Box className={classes.body}>
        {message.text.split('\n').map((line, index) => (
          // Lines have no identity of their own; their order never changes.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above.
          <MessageLine key={index} line={line} />
        ))}
      </Box>
    </Stack>
  )
}

function MessageList({
  messages,
  selectedId,
  onSelect,
}: {
  messages: MailboxMessageDto[]
  selectedId: number | null
  onSelect: (id: number) => void
}) {
  return (
    <Stack gap={4} component="ul" className={classes.list} aria-label="Messages">
      {messages.map((message) => (
        <li key={message.id}>
          <UnstyledButton
            className={classes.item}
            data-selected={message.id === selectedId || undefined}
            onClick={() => onSelect(message.id)}
            aria-current={message.id === selectedId ? 'true' : undefined}
          >
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" fw={600} truncate>
                {message.subject}
              </Text>
              <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                {dayjs(message.createdAt).locale('fr').fromNow()}
              </Text>
            </Group>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="xs" c="dimmed" truncate>
                {message.to}
              </Text>
              {message.status !== 'stored' ? (
                <Badge size="xs" variant="light" color={message.status === 'failed' ? 'red' : 'gray'}>
                  {message.status}
                </Badge>
              ) : null}
            </Group>
          </UnstyledButton>
        </li>
      ))}
    </Stack>
  )
}

/** /dev/mailbox: the messages the server kept instead of sending them (no SMTP configured). */
export function MailboxPage() {
  const isPhone = useMediaQuery('(max-width: 48em)')
  const [selectedId, setSelectedId] = useState<number | null>(null)
  const mailbox = useQuery({
    queryKey: ['dev', 'mailbox'],
    queryFn: async () => sortNewestFirst((await get<{ data: MailboxMessageDto[] }>('/dev/mailbox')).data),
    refetchInterval: 5000,
    staleTime: 0,
  })

  const list = mailbox.data ?? []
  const selected = list.find((message) => message.id === selectedId) ?? (isPhone ? undefined : list[0])

  let content: ReactNode
  if (mailbox.isPending) {
    content = (
      <Center py="xl">
        <Loader aria-label="Chargement" />
      </Center>
    )
  } else if (mailbox.isError) {
    content =
      mailbox.error instanceof ApiError && mailbox.error.status === 404 ? (
        <EmptyState
          icon={<IconMail size={28} stroke={1.6} />}
          title="Boîte désactivée"
          description="Un serveur SMTP est configuré : les emails partent vraiment et ne sont pas gardés ici."
          py="xl"
        />
      ) : (
        <ErrorState onRetry={() => mailbox.refetch()} />
      )
  } else if (list.length === 0) {
    content = (
      <EmptyState
        icon={<IconInbox size={28} stroke={1.6} />}
        variant="light"
        title="Aucun message"
        description="Les emails envoyés par l'application (codes, invitations…) apparaîtront ici."
        py="xl"
      />
    )
  } else if (isPhone) {
    content = selected ? (
      <MessageView message={selected} onBack={() => setSelectedId(null)} />
    ) : (
      <MessageList messages={list} selectedId={null} onSelect={setSelectedId} />
    )
  } else {
    content = (
      <Grid gap="lg">
        <Grid.Col span={5}>
          <ScrollArea.Autosize mah="calc(100dvh - 200px)" offsetScrollbars>
            <MessageList messages={list} selectedId={selected?.id ?? null} onSelect={setSelectedId} />
          </ScrollArea.Autosize>
        </Grid.Col>
        <Grid.Col span={7}>{selected ? <MessageView message={selected} /> : null}</Grid.Col>
      </Grid>
    )
  }

  return (
    <Box className={classes.page}>
      <Container size="lg" py={{ base: 'md', sm: 'xl' }}>
        <Stack gap="lg">
          <Group justify="space-between" wrap="nowrap">
            <Stack gap={2}>
              <Title order={1} fz={{ base: 22, sm: 26 }}>
                Boîte mail de développement
              </Title>
              <Text size="sm" c="dimmed">
                Les emails gardés par le serveur, du plus récent au plus ancien.
              </Text>
            </Stack>
            <Group gap="xs" wrap="nowrap">
              <Tooltip label="Actualiser">
                <ActionIcon
                  variant="default"
                  size="lg"
                  onClick={() => mailbox.refetch()}
                  loading={mailbox.isFetching}
                  aria-label="Actualiser"
                >
                  <IconRefresh size={18} />
                </ActionIcon>
              </Tooltip>
              <Button component={Link} to="/app" variant="default" visibleFrom="xs">
                Aller à l'application
              </Button>
            </Group>
          </Group>
          <Card p={{ base: 'md', sm: 'lg' }}>{content}</Card>
        </Stack>
      </Container>
    </Box>
  )
}
