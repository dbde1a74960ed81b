import type { Config } from '../../../config'
import type { ContentPage } from './pages'

/**
 * The legal notice (LCEN art. 6 III: who publishes the service, who hosts it, whom to write about personal data).
 * Carnet is self-hosted, so these facts belong to the operator of each instance: they come from the configuration
 * (LEGAL_PUBLISHER, LEGAL_HOSTING, DPO_EMAIL), never written here.
 */
export function legalNoticePage(legal: Config['legal']): ContentPage {
  return {
    slug: 'legal-notice',
    title: 'Mentions légales',
    updatedAt: '2026-11-27',
    sections: [
      {
        heading: 'Éditeur du service',
        paragraphs: [
          `Cette instance de Carnet est éditée par : ${legal.publisher}.`,
          'Carnet est un logiciel libre distribué sous licence AGPL-3.0-or-later.',
        ],
      },
      {
        heading: legal.hosting.length > 1 ? 'Hébergeurs' : 'Hébergeur',
        paragraphs: legal.hosting.map((provider) => `${provider}.`),
      },
      {
        heading: 'Données personnelles',
        paragraphs: [
          `Pour toute question sur tes données personnelles ou pour exercer tes droits (accès, rectification, effacement, portabilité), écris au contact chargé de la protection des données : ${legal.dpoEmail}.`,
          'Tu peux aussi adresser une réclamation à la CNIL (www.cnil.fr) si tu estimes que tes droits ne sont pas respectés.',
        ],
      },
    ],
  }
}
