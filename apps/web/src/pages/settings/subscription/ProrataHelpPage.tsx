import { Anchor, List, Paper, Stack, Table, Text, Title } from '@mantine/core'
import { Link } from 'react-router'
import { SUBSCRIPTION_PATH } from '../../../components/billing/paths'

/**
 * /app/help/prorata-changement-de-formule, opened in a new tab from the plan change (spec/account.md §2): how the amount
 * shown there is reached, with a worked example.
 */
export function ProrataHelpPage() {
  return (
    <Stack gap="lg" maw={760} mx="auto">
      <Title order={1} size="h2">
        Le prorata lors d’un changement de formule
      </Title>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md">
          <Text>
            Quand tu changes de formule en cours de période, tu ne paies que ce que tu utilises : la partie de ta
            formule actuelle que tu n’as pas encore consommée devient un crédit, et la nouvelle formule n’est comptée
            que pour les jours qui restent jusqu’à la fin de la période.
          </Text>

          <Title order={2} size="h4">
            Le calcul
          </Title>
          <List spacing="xs">
            <List.Item>
              <strong>Crédit restant</strong> = prix de ta formule actuelle × jours restants ÷ jours de la période.
            </List.Item>
            <List.Item>
              <strong>Coût de la nouvelle formule</strong> = prix de la nouvelle formule × jours restants ÷ jours de la
              période.
            </List.Item>
            <List.Item>
              <strong>Montant à payer</strong> = coût de la nouvelle formule − crédit restant, T.V.A. comprise.
            </List.Item>
          </List>
          <Text>
            Les jours consommés sont ceux déjà écoulés depuis le début de ta période en cours. Le calcul se fait à la
            seconde près : c’est pourquoi la fenêtre de changement de formule recalcule le montant toutes les 5
            secondes.
          </Text>

          <Title order={2} size="h4">
            Un exemple
          </Title>
          <Text>
            Tu es en Pop mensuel (9 € HT par mois) et tu passes à Pop+ mensuel (15 € HT par mois) après 10 jours d’un
            mois de 30 jours. Il reste 20 jours.
          </Text>
          <Table withTableBorder verticalSpacing="xs" aria-label="Exemple de calcul du prorata">
            <Table.Tbody>
              <Table.Tr>
                <Table.Th scope="row">Crédit restant de Pop</Table.Th>
                <Table.Td>9 € × 20 ÷ 30 = 6,00 € HT</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">Coût de Pop+ pour 20 jours</Table.Th>
                <Table.Td>15 € × 20 ÷ 30 = 10,00 € HT</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">Montant à payer</Table.Th>
                <Table.Td>10,00 € − 6,00 € = 4,00 € HT, soit 4,80 € TTC</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <Text>
            Le mois suivant, tu paies simplement le prix plein de Pop+. Si tu passes à une formule moins chère, le
            crédit dépasse le coût de la nouvelle formule : la différence est déduite de tes prochaines factures.
          </Text>

          <Title order={2} size="h4">
            Mensuel et annuel
          </Title>
          <Text>
            En passant d’une formule mensuelle à une formule annuelle, une nouvelle période d’un an commence le jour du
            changement : tu paies le prix annuel, moins le crédit de ton mois en cours. Une formule annuelle ne peut pas
            repasser à une formule mensuelle ; tu peux en revanche changer de formule annuelle, au prorata de l’année.
          </Text>

          <Text>
            Le détail de chaque montant figure sur les factures de ton abonnement, dans{' '}
            <Anchor component={Link} to={SUBSCRIPTION_PATH}>
              Mes paramètres › Abonnement
            </Anchor>
            .
          </Text>
        </Stack>
      </Paper>
    </Stack>
  )
}
