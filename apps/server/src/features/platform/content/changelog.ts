import type { ChangelogEntryDto } from '@app/domain'

/**
 * What Carnet shipped, told to its users (spec/account.md §2 "A news ticker", §3 "Changelog"). Kept by hand with the
 * product, from the history of this repository: add an entry with the next id when a change is worth telling.
 * Served newest first by GET /changelog.
 */
export const changelog: readonly ChangelogEntryDto[] = [
  {
    id: 1,
    title: 'Devis, factures, avoirs et acomptes, avec une numérotation sans trou',
    valuedAt: '2026-11-22',
    tags: ['NEW'],
  },
  {
    id: 2,
    title: 'Tes factures partent en Factur-X (EN 16931), prêtes pour la facturation électronique',
    valuedAt: '2026-11-22',
    tags: ['NEW'],
  },
  {
    id: 3,
    title: 'Envoi des devis et factures par e-mail avec le PDF joint, et liens de partage publics',
    valuedAt: '2026-11-22',
    tags: ['NEW'],
  },
  {
    id: 4,
    title: 'Factures récurrentes : un calendrier, des brouillons ou des factures envoyées toutes seules',
    valuedAt: '2026-11-23',
    tags: ['NEW'],
  },
  {
    id: 5,
    title: 'Les factures récurrentes continuent après la fin de l’essai ou un changement de formule',
    valuedAt: '2026-11-23',
    tags: ['FIX'],
  },
  {
    id: 6,
    title: 'Import de relevés bancaires : OFX, QIF, CAMT.053, CFONB 120 et CSV, sans doublons',
    valuedAt: '2026-11-24',
    tags: ['NEW'],
  },
  {
    id: 7,
    title: 'Règles d’affectation : tes transactions se catégorisent toutes seules, avec leur TVA',
    valuedAt: '2026-11-24',
    tags: ['NEW'],
  },
  {
    id: 8,
    title: 'Un libellé de condition trop long dans une règle ne s’affiche plus qu’une fois',
    valuedAt: '2026-11-24',
    tags: ['FIX'],
  },
  {
    id: 9,
    title: 'Justificatifs : les factures électroniques reçues se remplissent toutes seules',
    valuedAt: '2026-11-25',
    tags: ['NEW'],
  },
  {
    id: 10,
    title: 'Déclaration de TVA CA3 à l’écran et en PDF, mensuelle ou trimestrielle',
    valuedAt: '2026-11-25',
    tags: ['NEW'],
  },
  {
    id: 11,
    title: 'Le FEC d’une année d’un million de lignes s’exporte en quelques secondes',
    valuedAt: '2026-11-27',
    tags: ['IMPROVEMENT'],
  },
  {
    id: 12,
    title: 'Livre des recettes et registre des achats, avec leur export CSV',
    valuedAt: '2026-11-27',
    tags: ['NEW'],
  },
  {
    id: 13,
    title: 'Recherche globale : Ctrl+K pour retrouver une facture, un client ou un montant',
    valuedAt: '2026-11-27',
    tags: ['NEW'],
  },
  {
    id: 14,
    title: 'Alertes de seuils : franchise en base de TVA et plafond micro-entreprise',
    valuedAt: '2026-11-27',
    tags: ['NEW'],
  },
  {
    id: 15,
    title: 'Tableau de bord : trésorerie, activité, devis et factures en attente, revenus récurrents',
    valuedAt: '2026-11-27',
    tags: ['NEW'],
  },
  {
    id: 16,
    title: 'Un avoir se retrouve dans la recherche par son montant saisi à la française',
    valuedAt: '2026-11-27',
    tags: ['FIX'],
  },
]

/** Newest first; on the same day, the entry added last first. */
export const changelogNewestFirst = (): ChangelogEntryDto[] =>
  [...changelog].sort((a, b) => b.valuedAt.localeCompare(a.valuedAt) || b.id - a.id)
