import type { DirectoryAddressDto, EInvoicingConnectionDto } from '@app/domain'
import { Button, Group, Radio, Stack, Text } from '@mantine/core'
import { useEffect, useState } from 'react'
import { toastRefusal, useChooseReceivingAddress } from '../../../components/e-invoicing/eInvoicingQueries'
import { platformName } from '../../../components/e-invoicing/platformName'
import { SettingsSection } from '../../../components/SettingsSection'
import { toastSuccess } from '../../../lib/toast'

/** What an address points at, in words: the whole company, one establishment, a service (routing code or suffix). */
export function addressDetails(address: DirectoryAddressDto): string {
  const parts = [address.siret ? `établissement ${address.siret}` : `SIREN ${address.siren}`]
  if (address.routingCode) parts.push(`code de routage ${address.routingCode}`)
  if (address.suffix) parts.push(`suffixe ${address.suffix}`)
  if (address.platform) parts.push(platformName(address.platform))
  return parts.join(' · ')
}

/**
 * « L'adresse qui reçoit tes factures »: the organisation's addresses in the directory (scheme 0225), one of them
 * chosen. Saved by its own button: moving through the radios with the arrows must not send each one.
 */
export function ReceivingAddressSection({
  connection,
  readOnly,
}: {
  connection: EInvoicingConnectionDto
  readOnly: boolean
}) {
  const choose = useChooseReceivingAddress()
  const [value, setValue] = useState(connection.receivingAddress ?? '')
  useEffect(() => setValue(connection.receivingAddress ?? ''), [connection.receivingAddress])
  const changed = value !== '' && value !== (connection.receivingAddress ?? '')

  return (
    <SettingsSection
      title="L'adresse qui reçoit tes factures"
      description="Tes fournisseurs t'envoient leurs factures à cette adresse de l'annuaire. Elle figure aussi sur tes propres factures."
    >
      {connection.addresses.length === 0 ? (
        <Text size="sm" c="dimmed">
          L'annuaire ne connaît pas encore d'adresse pour ton SIREN. Déclare-la depuis ton espace sur la plateforme
          agréée, puis reviens ici.
        </Text>
      ) : (
        <Stack gap="md">
          <Radio.Group
            value={value}
            onChange={setValue}
            label="Adresses de ton entreprise dans l'annuaire"
            readOnly={readOnly}
          >
            <Stack gap="sm" mt="xs">
              {connection.addresses.map((address) => (
                <Radio
                  key={address.address}
                  value={address.address}
                  label={address.address}
                  description={addressDetails(address)}
                  disabled={readOnly}
                  styles={{ label: { overflowWrap: 'anywhere' } }}
                />
              ))}
            </Stack>
          </Radio.Group>
          {readOnly ? null : (
            <Group justify="flex-end">
              <Button
                disabled={!changed}
                loading={choose.isPending}
                onClick={() =>
                  choose.mutate(value, {
                    onSuccess: () => toastSuccess('Adresse de réception enregistrée.'),
                    onError: toastRefusal,
                  })
                }
              >
                Enregistrer l'adresse
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </SettingsSection>
  )
}
