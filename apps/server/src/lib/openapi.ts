/**
 * The head of `/api/v1/openapi.json`: OpenAPI 3.1 (plain JSON Schema 2020-12, so any validator reads the schemas),
 * who may call (a session cookie or a personal API token, on every route unless it says `security: []`), the server,
 * the licence, and one described tag per feature.
 */
export const API_TAGS = [
  { name: 'Santé', description: 'État du serveur et de la base de données (public).' },
  { name: 'Authentification', description: 'Inscription, connexion, mot de passe oublié (public).' },
  { name: 'Compte', description: "L'utilisateur connecté : profil, préférences, jetons d'API, clôture." },
  { name: 'Entreprise', description: "L'entreprise courante : informations légales, adresse, formule." },
  { name: 'Collaborateurs', description: 'Membres et invitations de l’entreprise.' },
  { name: 'Abonnement', description: 'L’abonnement de l’entreprise à Carnet : formule, paiement par carte, factures.' },
  { name: 'Référentiels', description: 'Listes de référence fixes (unités, taxes, pays…), à garder en cache 8 h.' },
  { name: 'Clients et fournisseurs', description: 'Contacts, leurs personnes et leurs adresses.' },
  { name: 'Adresses', description: 'Adresses des contacts et de l’entreprise.' },
  { name: 'Catalogue', description: 'Produits et services.' },
  { name: 'Entreprises', description: "Recherche d'une entreprise par SIREN ou SIRET." },
  { name: 'Paramètres de vente', description: 'Numérotation, mentions, apparence, moyens de paiement.' },
  { name: 'Factures', description: 'Factures, avoirs et acomptes, leurs états et leurs actions.' },
  { name: 'Factures récurrentes', description: 'Abonnements : calendrier, suspension, réactivation.' },
  { name: 'Devis', description: 'Devis, leurs états, acomptes et facture finale.' },
  { name: 'Commentaires, notes et historique', description: 'Sur les factures, devis, justificatifs et transactions.' },
  { name: 'Documents', description: 'PDF, Factur-X, envoi par e-mail et liens de partage.' },
  { name: 'Catégories', description: 'Catégories comptables (plan comptable).' },
  { name: 'Comptes bancaires', description: 'Comptes bancaires, caisses et comptes courants d’associé (journaux).' },
  { name: 'Transactions', description: 'Mouvements des comptes, leur ventilation par catégorie et leur TVA.' },
  {
    name: 'Notes de frais',
    description: 'Notes de frais des associés et de l’exploitant, frais kilométriques, création depuis une dépense.',
  },
  {
    name: 'Tableau de bord',
    description: "Alertes de seuils (franchise en base de TVA, micro-entreprise) de l'année en cours.",
  },
  {
    name: 'Rapports et exports',
    description: 'La comptabilité tenue par Carnet : rapports, déclaration de TVA, FEC et exports comptables.',
  },
  {
    name: 'Facturation électronique',
    description:
      'La plateforme agréée de l’entreprise (AFNOR XP Z12-013) : connexion, annuaire, envoi des factures, statuts de cycle de vie et factures reçues.',
  },
  { name: 'Recherche', description: "Recherche globale dans l'entreprise courante (⌘K / Ctrl+K dans l'application)." },
  { name: 'Contenus', description: 'Pages de contenu publiques.' },
  { name: 'Boîte de développement', description: 'E-mails gardés en base sans serveur SMTP (développement).' },
]

import type { OpenAPIV3_1 } from 'openapi-types'

export function openApiInfo(options: { appUrl: string; cookieName: string }): Partial<OpenAPIV3_1.Document> {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Carnet API',
      version: '1',
      description:
        "API HTTP de Carnet : facturation et comptabilité. JSON en entrée et en sortie ; montants en chaînes décimales, dates `YYYY-MM-DD`. Authentification par le cookie de session (les requêtes autres que GET portent alors l'en-tête `X-Requested-With: fetch`) ou par un jeton d'API personnel (`Authorization: Bearer …`). Les erreurs ont toutes la forme `Error`.",
      license: { name: 'AGPL-3.0-or-later', identifier: 'AGPL-3.0-or-later' },
    },
    servers: [{ url: options.appUrl, description: 'Ce serveur' }],
    tags: API_TAGS,
    security: [{ session: [] }, { token: [] }],
    components: {
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: options.cookieName,
          description: 'Cookie posé par POST /api/v1/auth/login ; en-tête `X-Requested-With: fetch` sur les écritures.',
        },
        token: { type: 'http', scheme: 'bearer', description: "Jeton d'API personnel (Compte › Jetons d'API)." },
      },
    },
  }
}

/**
 * Drops the component schemas nothing reaches from the operations. The zod provider registers an `…Input` twin of
 * every named answer schema; a client generator would make a type of each. A schema stays when an operation refers
 * to it, directly or through another schema that stays.
 */
export function pruneUnusedSchemas<T extends object>(document: T): T {
  const { components, ...rest } = document as { components?: { schemas?: Record<string, unknown> } }
  const schemas = components?.schemas
  if (!schemas) return document
  const refsIn = (value: unknown) =>
    [...JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((match) => match[1] as string)
  const reached = new Set<string>()
  const pending = [...refsIn(rest), ...refsIn({ ...components, schemas: undefined })]
  while (pending.length > 0) {
    const name = pending.pop() as string
    if (reached.has(name)) continue
    reached.add(name)
    pending.push(...refsIn(schemas[name]))
  }
  for (const name of Object.keys(schemas)) if (!reached.has(name)) delete schemas[name]
  return document
}
