import type { Feature } from '@app/domain'

/**
 * Texts of the plan and subscription pages. Those of spec/account.md §8 are the spec's, letter for letter; the others
 * are written in its tone (tu).
 */
export const billingTexts = {
  pageTitle: 'Abonnement',
  pageDescription: 'Ta formule, ton moyen de paiement et les factures de ton abonnement.',
  notConfigured: 'Le paiement n’est pas configuré sur ce serveur.',
  notConfiguredHint:
    'Tu peux continuer avec ta formule actuelle ; l’administrateur du serveur peut activer le paiement.',

  // spec/account.md §8
  genericError: 'Une erreur est survenue.',
  errorTitle: 'Une erreur est survenue',
  cancelled: 'Abonnement annulé',
  cancelFailed: "Ta demande d'annulation n'a pas pu aboutir. Réessaye ou contacte le support.",
  suspended: 'Tu as suspendu ton abonnement avec succès.',
  suspendFailed:
    'Il y a eu une erreur lors de la suspension de ton abonnement. Tu peux réessayer plus tard ou contacter le support.',
  changeFailed: "Ton changement de formule n'a pas pu être pris en compte...",
  paymentFailed: 'Le paiement a échoué',
  paymentSucceeded: 'Paiement réussi !',

  checkoutThanks: 'Merci !',
  checkoutSuccess:
    'Ton abonnement est en cours d’activation : cette page se met à jour dès que le paiement est confirmé.',
  checkoutCancelled: 'Paiement abandonné',
  checkoutCancelledText: 'Tu n’as pas été débité·e. Tu peux choisir une formule quand tu veux.',

  currentTitle: 'Ta formule',
  currentPlan: 'Ta formule actuelle',
  trialTitle: "Période d'essai",
  freePlanText: 'Tu utilises la formule gratuite : devis, factures et clients, sans les fonctionnalités premium.',
  trial: (date: string, relative: string) =>
    `Tu es en période d'essai jusqu'au ${date} (${relative}) : toutes les fonctionnalités sont ouvertes. Si tu choisis une formule avant, ton essai s'arrête et ta formule est facturée dès ce jour-là.`,
  grace: (date: string) =>
    `Ton abonnement est annulé : tu profites de ta formule jusqu’au ${date}, puis tu passeras à la formule gratuite.`,
  renewal: (date: string) => `Prochain renouvellement le ${date}.`,
  paymentProblemTitle: 'Un paiement de ton abonnement a échoué',
  paymentProblemText:
    'Ton abonnement est suspendu tant que le paiement n’est pas régularisé. Mets à jour ton moyen de paiement pour le réactiver.',
  regularize: 'Régulariser',
  managePayment: 'Gérer mon moyen de paiement',
  cancelButton: 'Annuler mon abonnement',
  cancelConfirmTitle: 'Annuler ton abonnement ?',
  cancelConfirmText:
    'Tu gardes ta formule jusqu’à la fin de la période déjà payée, puis tu passes à la formule gratuite. Tes données restent là.',
  cancelConfirmLabel: 'Annuler mon abonnement',
  keepSubscription: 'Garder mon abonnement',
  cancelDetails: 'Voir le détail des conséquences',

  plansTitle: 'Choisis ta formule',
  plansDescription: 'Prix hors taxes. Tu peux changer de formule à tout moment, au prorata.',
  periodLabel: 'Période de facturation',
  monthly: 'Mensuel',
  yearly: 'Annuel',
  offerLabel: 'Offre',
  perMonth: 'HT / mois',
  perYear: 'HT / an',
  collaborators: (count: number) => (count === 1 ? '1 utilisateur' : `Jusqu’à ${count} collaborateurs`),
  freeFeatures: 'Devis, factures, avoirs et clients',
  subscribe: 'Choisir cette formule',
  subscribeTo: (name: string, period: string) => `Choisir la formule ${name} ${period}`,
  switchTo: 'Passer à cette formule',
  switchToName: (name: string, period: string) => `Passer à la formule ${name} ${period}`,
  yearlyToMonthly: 'Une formule annuelle ne peut pas passer à une formule mensuelle.',

  comparisonTitle: 'Comparer les formules',
  comparisonCollaborators: 'Collaborateurs',
  comparisonLedger: 'Livre des recettes et des dépenses',
  comparisonRecurring: 'Factures récurrentes',
  comparisonMonthlyPrice: 'Prix mensuel HT',
  included: 'Inclus',
  notIncluded: 'Non inclus',

  changeTitle: 'Changer de formule',
  changeFromTo: (from: string, to: string) => `Tu passes de la formule ${from} à la formule ${to}.`,
  amountDue: 'À payer pour le changement (TTC)',
  nextDebit: 'Date du prochain prélèvement',
  daysConsumed: 'Jours consommés de ta formule actuelle',
  remainingCredit: 'Crédit restant de ta formule actuelle',
  upcomingLoading: 'Calcul du prorata…',
  upcomingRefresh: 'Montant recalculé toutes les 5 secondes.',
  prorataHelp: 'Comment est calculé le prorata ?',
  changeAccept: 'J’accepte ce changement de formule et le montant calculé au prorata.',
  changeConfirm: 'Confirmer le changement',
  changed: 'Ta formule a été changée. La page va se recharger.',

  billsTitle: 'Mes factures',
  billsDescription: 'Les factures de ton abonnement à Carnet.',
  noBill: 'Aucune facture pour le moment',
  billDate: 'Date',
  billNumber: 'Numéro',
  billAmount: 'Montant TTC',
  billStatus: 'État',
  download: 'Télécharger',
  downloadBill: (number: string) => `Télécharger la facture ${number}`,
  billStatuses: {
    paid: 'Payée',
    open: 'À payer',
    draft: 'Brouillon',
    void: 'Annulée',
    uncollectible: 'Impayée',
  } as Record<string, string>,

  cancelPageTitle: 'Suspendre mon abonnement',
  cancelPageAccept: 'J’ai lu et j’accepte les conséquences de la suspension de mon abonnement.',
  cancelPageBack: 'Annuler',
  noSubscription: 'Tu n’as pas d’abonnement en cours.',
  alreadyCancelled: (date: string) => `Ton abonnement est déjà annulé : ta formule reste active jusqu’au ${date}.`,
  backToSubscription: 'Revenir à mon abonnement',
} as const

/** What each premium feature is called on the plan cards (PREMIUM_FEATURES of the domain). */
export const featureLabels: Record<Feature, string> = {
  recurring_invoices: 'Factures récurrentes',
  ledger: 'Livre des recettes et des dépenses',
  alerts: 'Alertes de seuils (T.V.A., micro-entreprise)',
  commercial_dashboard: 'Tableau de bord commercial',
  notifications: 'Notifications',
  reminders: 'Relances des factures en retard',
  card_payment: 'Paiement des factures par carte',
  exercise_menu: 'Choix de l’exercice',
  bank_sync: 'Synchronisation bancaire',
  expenses: 'Notes de frais',
  receipts: 'Justificatifs',
  assignment_rules: 'Règles d’affectation',
}
