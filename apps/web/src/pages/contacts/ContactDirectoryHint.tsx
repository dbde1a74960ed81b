import { compactIdentifier, type DirectoryLookupDto, type ItemResponse, isValidSiren, isValidSiret } from '@app/domain'
import { Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useConnection } from '../../components/e-invoicing/eInvoicingQueries'
import { get } from '../../lib/api'

/** The SIREN of what is typed in the SIREN-or-SIRET field, once it is a whole valid one; null before. */
export function sirenTyped(value: string | null | undefined): string | null {
  const compact = compactIdentifier(value ?? '')
  if (compact.length === 9 && isValidSiren(compact)) return compact
  if (compact.length === 14 && isValidSiret(compact)) return compact.slice(0, 9)
  return null
}

/**
 * Under the customer form's SIREN: whether that company receives e-invoices, asked of the directory through the
 * organisation's PA as soon as a whole SIREN is typed (decision 0043). Nothing when the organisation is not linked
 * to a PA, or when the directory cannot be read: the save asks again.
 */
export function ContactDirectoryHint({ value }: { value: string | null | undefined }) {
  const siren = sirenTyped(value)
  const connection = useConnection()
  const connected = connection.data?.connected === true
  const lookup = useQuery({
    queryKey: ['e-invoicing', 'directory', siren],
    enabled: connected && siren !== null,
    staleTime: 10 * 60_000,
    queryFn: async () => (await get<ItemResponse<DirectoryLookupDto>>(`/e-invoicing/directory?siren=${siren}`)).data,
  })
  if (!connected || siren === null || lookup.isError) return null
  if (!lookup.data)
    return (
      <Text size="xs" c="dimmed" aria-live="polite">
        Recherche dans l'annuaire de la facturation électronique…
      </Text>
    )
  const address = lookup.data.reachable ? lookup.data.addresses[0]?.address : undefined
  return (
    <Text size="xs" c={address ? 'teal' : 'dimmed'} aria-live="polite" style={{ overflowWrap: 'anywhere' }}>
      {address
        ? `Reçoit les factures électroniques à l'adresse ${address} : ses factures partiront par ta plateforme.`
        : "Pas encore dans l'annuaire de la facturation électronique : ses factures partiront par e-mail."}
    </Text>
  )
}
