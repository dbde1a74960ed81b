/**
 * Public content pages (API.md: GET /content/{slug}). Carnet is self-hosted: these texts describe the software and
 * tell the operator of an instance what to complete (their identity, host, contact).
 */
export type ContentPage = {
  slug: string
  title: string
  updatedAt: string
  sections: { heading: string; paragraphs: string[] }[]
}

export const contentPages: ContentPage[] = [
  {
    slug: 'cgu-cgv',
    title: "Conditions générales d'utilisation",
    updatedAt: '2026-11-22',
    sections: [
      {
        heading: 'Objet',
        paragraphs: [
          "Carnet est un logiciel libre de facturation et de comptabilité pour les indépendants, les micro-entrepreneurs et les petites entreprises. Ces conditions encadrent l'utilisation de cette instance de Carnet.",
          "En créant un compte, tu acceptes ces conditions. Si tu ne les acceptes pas, n'utilise pas le service.",
        ],
      },
      {
        heading: 'Ton compte',
        paragraphs: [
          "Tu choisis un mot de passe personnel d'au moins 8 caractères et tu le gardes secret. Toute action faite avec ton compte est réputée faite par toi.",
          'Tu peux inviter des collaborateurs dans ton entreprise. Chaque collaborateur a son propre compte ; tu restes responsable des rôles que tu leur donnes.',
        ],
      },
      {
        heading: 'Tes données',
        paragraphs: [
          'Les documents, écritures et fichiers que tu saisis restent les tiens. Tu peux les exporter à tout moment.',
          'Quand tu clôtures ton compte, tes données restent téléchargeables pendant 30 jours, puis elles sont supprimées, sauf ce que la loi impose de conserver (par exemple les factures émises, conservées 10 ans).',
        ],
      },
      {
        heading: 'Tes obligations',
        paragraphs: [
          "Carnet t'aide à tenir tes comptes et à émettre des factures conformes, mais tu restes responsable des informations que tu saisis, de tes déclarations et du respect de tes obligations fiscales et sociales.",
        ],
      },
      {
        heading: 'Disponibilité et responsabilité',
        paragraphs: [
          "L'exploitant de cette instance fait de son mieux pour que le service soit disponible et que tes données soient sauvegardées, sans garantie de disponibilité permanente.",
          'Le logiciel Carnet est distribué sous licence AGPL-3.0-or-later, sans garantie, comme le prévoit cette licence.',
        ],
      },
      {
        heading: 'Modification des conditions',
        paragraphs: [
          "Ces conditions peuvent évoluer. En cas de changement important, tu en es informé·e par e-mail ou dans l'application avant leur entrée en vigueur.",
        ],
      },
    ],
  },
  {
    slug: 'confidentiality-policy',
    title: 'Politique de confidentialité',
    updatedAt: '2026-11-22',
    sections: [
      {
        heading: 'Quelles données',
        paragraphs: [
          'Ton identité (prénom, nom, e-mail, téléphone), les informations de ton entreprise, et les données que tu saisis pour ta facturation et ta comptabilité.',
          'Des données techniques nécessaires au service : sessions de connexion, adresse IP pour limiter les tentatives de connexion.',
        ],
      },
      {
        heading: 'Pourquoi',
        paragraphs: [
          "Uniquement pour te fournir le service : tenir tes comptes, émettre tes documents, t'envoyer les e-mails utiles (codes de réinitialisation, invitations). Aucune donnée n'est vendue ni utilisée à des fins publicitaires.",
        ],
      },
      {
        heading: 'Sécurité',
        paragraphs: [
          'Les mots de passe sont conservés sous forme de hachage argon2id. Les sessions sont protégées par un cookie HttpOnly. Les données de chaque entreprise sont cloisonnées.',
        ],
      },
      {
        heading: 'Tes droits',
        paragraphs: [
          "Tu peux consulter, corriger et exporter tes données depuis l'application, et clôturer ton compte à tout moment. Pour toute question, écris à l'exploitant de cette instance.",
        ],
      },
    ],
  },
]
