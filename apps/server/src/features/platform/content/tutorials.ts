import type { TutorialDto } from '@app/domain'

/**
 * The tutorials of Carnet's main screens, kept with the product like the changelog: when a screen changes, its
 * tutorial changes in the same commit. Each says what the screen is for, then how to do the usual thing, step by step.
 */
export const tutorials: readonly TutorialDto[] = [
  {
    slug: 'tableau-de-bord',
    title: 'Lire ton tableau de bord',
    path: '/app',
    overview: 'Ton activité de l’exercice en un coup d’œil : ce que tu as facturé, dépensé, ce qu’on te doit.',
    steps: [
      'Choisis l’exercice en haut à droite : les chiffres couvrent ses dates.',
      'Chaque carte compare le dernier mois au précédent : la flèche reste à plat tant que l’écart reste sous 10 %.',
      'Avec une banque connectée, « Voir le détail » ouvre le mois par mois d’une carte.',
      'L’onglet « Alertes » te prévient à l’approche des plafonds de TVA et de la micro-entreprise.',
    ],
    linkVideo: null,
    dateUpdated: '2026-11-27',
  },
  {
    slug: 'factures',
    title: 'Faire une facture et te faire payer',
    path: '/app/sales/invoices',
    overview:
      'Une facture se prépare en brouillon, se valide (son numéro est alors définitif), s’envoie et s’encaisse.',
    steps: [
      'Clique sur « Nouvelle facture », choisis ton client et ajoute tes lignes depuis le catalogue ou à la main.',
      'Valide-la : elle reçoit son numéro, qui ne changera plus, et ne peut plus être modifiée ; une erreur se corrige par un avoir.',
      'Envoie-la par e-mail avec son PDF (Factur-X), ou partage son lien public.',
      'Quand le virement arrive sur ta banque, rapproche-le : la facture passe payée toute seule.',
    ],
    linkVideo: null,
    dateUpdated: '2026-11-27',
  },
  {
    slug: 'devis',
    title: 'Envoyer un devis et le transformer en facture',
    path: '/app/sales/quotes',
    overview: 'Un devis accepté devient une facture, ou une facture d’acompte, sans rien ressaisir.',
    steps: [
      'Crée le devis comme une facture : client, lignes, conditions.',
      'Envoie-le par e-mail ; ton client peut l’ouvrir depuis son lien.',
      'Une fois accepté, transforme-le en facture ou demande un acompte.',
    ],
    linkVideo: null,
    dateUpdated: '2026-11-27',
  },
  {
    slug: 'banque',
    title: 'Catégoriser tes transactions bancaires',
    path: '/app/financial/bank',
    overview:
      'Chaque transaction reçoit une catégorie comptable et sa TVA : c’est ce qui tient ta comptabilité à jour.',
    steps: [
      'Connecte ta banque depuis Paramètres › Comptes bancaires, ou importe un relevé (OFX, CSV…).',
      'Ouvre une transaction, choisis sa catégorie : la TVA se calcule, tu peux la répartir sur plusieurs catégories.',
      'Joins-lui son justificatif, ou indique qu’elle n’en a pas.',
      'Après trois catégorisations identiques, Carnet te propose une règle pour les prochaines.',
    ],
    linkVideo: null,
    dateUpdated: '2026-11-27',
  },
  {
    slug: 'justificatifs',
    title: 'Déposer tes justificatifs',
    path: '/app/purchase/receipts',
    overview: 'Tes factures d’achat, lues et rapprochées de tes paiements.',
    steps: [
      'Dépose un PDF ou une photo : les factures électroniques se remplissent toutes seules.',
      'Vérifie le fournisseur, la date et les montants, puis enregistre.',
      'Carnet propose la transaction bancaire qui correspond : accepte-la pour les lier.',
    ],
    linkVideo: null,
    dateUpdated: '2026-11-27',
  },
  {
    slug: 'regles',
    title: 'Automatiser avec les règles d’affectation',
    path: '/app/setting/rules',
    overview: 'Une règle catégorise toute seule les transactions qui remplissent ses conditions, à chaque import.',
    steps: [
      'Ajoute une règle : ses conditions (libellé, montant, compte…) et la catégorie à donner.',
      'L’aperçu montre les transactions qu’elle aurait prises ; active-la quand il te convient.',
      'Applique-la aux transactions déjà là si tu veux, et annule d’un clic si besoin.',
    ],
    linkVideo: null,
    dateUpdated: '2026-11-27',
  },
  {
    slug: 'tva',
    title: 'Préparer ta déclaration de TVA',
    path: '/app/reports/taxes',
    overview: 'La TVA collectée et déductible de chaque mois, et ta CA3 prête à recopier.',
    steps: [
      'Choisis l’année : chaque mois montre la TVA collectée, déductible et due.',
      'Ouvre un mois pour voir les écritures derrière chaque montant.',
      'La déclaration reprend les cases de la CA3 ; télécharge-la en PDF.',
    ],
    linkVideo: null,
    dateUpdated: '2026-11-27',
  },
  {
    slug: 'export-comptable',
    title: 'Transmettre ta comptabilité',
    path: '/app/reports/export',
    overview: 'Le FEC et l’export comptable, pour ton expert-comptable ou l’administration.',
    steps: [
      'Choisis l’exercice, puis télécharge le FEC : c’est le fichier que l’administration peut te demander.',
      'L’export comptable en CSV couvre les dates de ton choix.',
    ],
    linkVideo: null,
    dateUpdated: '2026-11-27',
  },
  {
    slug: 'abonnement',
    title: 'Choisir ta formule',
    path: '/app/setting/subscription',
    overview: 'Les formules, ce qu’elles comprennent, et comment en changer.',
    steps: [
      'Compare les formules Pop et Classic, au mois ou à l’année.',
      'Souscris : le paiement se fait par carte sur la page sécurisée du prestataire.',
      'Pour changer de formule, le montant au prorata s’affiche avant que tu confirmes.',
      'Tu peux arrêter à tout moment : ta formule reste active jusqu’à la fin de la période payée.',
    ],
    linkVideo: null,
    dateUpdated: '2026-11-27',
  },
]
