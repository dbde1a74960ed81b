import { CONTACT_TYPE_IDS, type ContactDetailDto, formatEuro, messages } from '@app/domain'
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  CopyButton,
  Divider,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core'
import { IconCopy, IconExternalLink, IconFileInvoice, IconFileText, IconPencil, IconTrash } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { AppDrawer } from '../../components/AppDrawer'
import { EmptyBlock } from '../../components/EmptyBlock'
import { ErrorState } from '../../components/ErrorState'
import { toastSuccess } from '../../lib/toast'
import { ContactEInvoicingLine } from './ContactEInvoicingLine'
import { useContact } from './contactQueries'

/** The e-mail copy toast lasts 3 s (spec/sales.md §8). */
const COPY_TOAST_MS = 3000
const DIRECTORY_URL = 'https://annuaire-entreprises.data.gouv.fr/entreprise/'

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children || '—'}
      </Text>
    </div>
  )
}

function Total({ label, amount, count, danger }: { label: string; amount: string; count?: number; danger?: boolean }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} ta="right" c={danger ? 'red' : undefined} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {formatEuro(amount)}
      </Text>
      {count !== undefined ? (
        <Text size="xs" c="dimmed" ta="right">
          {count} document{count > 1 ? 's' : ''}
        </Text>
      ) : null}
    </Paper>
  )
}

/** The customer details panel (spec/sales.md §2 "Customer details panel"), opened by ?open={id}. */
export function ContactDetailsDrawer({
  id,
  onClose,
  onEdit,
  onDelete,
  escapeCloses = true,
}: {
  id: number | null
  /** False while a dialog on top (the delete confirmation) takes Escape. */
  escapeCloses?: boolean
  onClose: () => void
  onEdit: (contact: ContactDetailDto) => void
  onDelete: (contact: ContactDetailDto) => void
}) {
  const query = useContact(id)
  const contact = query.data
  return (
    <AppDrawer
      opened={id !== null}
      onClose={onClose}
      closeOnEscape={escapeCloses}
      title={contact?.name ?? 'Client'}
      footer={
        contact ? (
          <>
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={() => onDelete(contact)}
            >
              Supprimer
            </Button>
            <Button leftSection={<IconPencil size={16} />} onClick={() => onEdit(contact)}>
              Modifier
            </Button>
          </>
        ) : null
      }
    >
      {query.isPending ? (
        <Stack aria-busy="true" aria-label="Chargement">
          <Skeleton height={40} />
          <Skeleton height={120} />
          <Skeleton height={80} />
        </Stack>
      ) : query.isError ? (
        <ErrorState message={messages.generic.detailLoadError} onRetry={() => query.refetch()} />
      ) : contact ? (
        <ContactDetails contact={contact} />
      ) : null}
    </AppDrawer>
  )
}

function ContactDetails({ contact }: { contact: ContactDetailDto }) {
  const business = contact.contactTypeId === CONTACT_TYPE_IDS.BUSINESS
  const siren = contact.registrySiren?.slice(0, 9)
  return (
    <Stack gap="md">
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          {business ? 'Raison sociale' : 'Particulier'}
        </Text>
        <Badge variant="light" color={business ? 'teal' : 'grape'}>
          {contact.contactType?.name ?? (business ? 'Entreprise' : 'Particulier')}
        </Badge>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {business ? (
          <>
            <Field label="SIREN / SIRET">
              {siren ? (
                <Anchor href={`${DIRECTORY_URL}${siren}`} target="_blank" rel="noopener noreferrer">
                  {contact.registrySiren} <IconExternalLink size={12} aria-label="(nouvel onglet)" />
                </Anchor>
              ) : null}
            </Field>
            <Field label="Numéro de TVA intracommunautaire">{contact.intracommunityTaxNumber}</Field>
          </>
        ) : null}
        <Field label="E-mail">
          {contact.email ? (
            <Group gap={4} wrap="nowrap">
              <Anchor href={`mailto:${contact.email}`} truncate>
                {contact.email}
              </Anchor>
              <CopyButton value={contact.email} timeout={COPY_TOAST_MS}>
                {({ copy }) => (
                  <Tooltip label="Copier">
                    <ActionIcon
                      variant="subtle"
                      size="sm"
                      aria-label="Copier l'adresse email"
                      onClick={() => {
                        copy()
                        toastSuccess(messages.contacts.emailCopied, COPY_TOAST_MS)
                      }}
                    >
                      <IconCopy size={14} />
                    </ActionIcon>
                  </Tooltip>
                )}
              </CopyButton>
            </Group>
          ) : null}
        </Field>
        <Field label="Téléphone mobile">{contact.phoneMobile}</Field>
        <Field label="Téléphone fixe">{contact.phoneOffice}</Field>
        {contact.url ? (
          <Field label="Site internet">
            <Anchor href={contact.url} target="_blank" rel="noopener noreferrer">
              {contact.url}
            </Anchor>
          </Field>
        ) : null}
      </SimpleGrid>

      <ContactEInvoicingLine info={contact.eInvoicing} />

      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
        <Total label="Devisé" amount={contact.quotesAmount} count={contact.quotesCount} />
        <Total label="Facturé" amount={contact.invoicesAmount} count={contact.invoicesCount} />
        <Total label="En retard" amount={contact.invoicesLateAmount} danger={Number(contact.invoicesLateAmount) > 0} />
        <Paper withBorder radius="md" p="sm">
          <Text size="xs" c="dimmed">
            Délai moyen de paiement
          </Text>
          <Text fw={700} ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {contact.averagePaymentDelay === null ? '—' : `${contact.averagePaymentDelay} j`}
          </Text>
        </Paper>
      </SimpleGrid>

      {business ? (
        <>
          <Divider label="Interlocuteurs" labelPosition="left" />
          {contact.contacts.length === 0 ? (
            <Text size="sm" c="dimmed">
              Aucun interlocuteur
            </Text>
          ) : (
            <Stack gap={6}>
              {contact.contacts.map((person) => (
                <Paper key={person.id} withBorder radius="md" px="md" py="xs">
                  <Text size="sm" fw={500}>
                    {person.name}
                    {person.position ? (
                      <Text span c="dimmed" size="xs">
                        {' '}
                        · {person.position}
                      </Text>
                    ) : null}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {[person.email, person.phoneMobile, person.phoneOffice].filter(Boolean).join(' · ')}
                  </Text>
                </Paper>
              ))}
            </Stack>
          )}
        </>
      ) : null}

      <Divider label="Adresses" labelPosition="left" />
      {contact.addresses.length === 0 ? (
        <Text size="sm" c="dimmed">
          Aucune adresse
        </Text>
      ) : (
        <Stack gap={6}>
          {contact.addresses.map((address) => (
            <Paper key={address.id} withBorder radius="md" px="md" py="xs">
              <Text size="sm" fw={500}>
                {address.name || 'Adresse'}
              </Text>
              <Text size="xs" c="dimmed">
                {[address.street, address.complement1, address.complement2, `${address.postcode} ${address.city}`]
                  .filter(Boolean)
                  .join(', ')}
              </Text>
            </Paper>
          ))}
        </Stack>
      )}

      <Title order={3} size="h5" mt="sm">
        Devis
      </Title>
      <EmptyBlock icon={<IconFileText size={20} />} title={messages.contacts.noQuote} />
      <Title order={3} size="h5">
        Factures
      </Title>
      <EmptyBlock icon={<IconFileInvoice size={20} />} title={messages.contacts.noInvoice} />
    </Stack>
  )
}
