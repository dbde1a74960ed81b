/**
 * Notifications (spec/account.md §2 "Header", §3 "Notification", §4 "Notifications"): "Aucune notification" is the
 * spec's empty state (messages.empty.noNotification); the other texts, which the spec leaves open, are in its tone (tu).
 */
export const notificationMessages = {
  notifications: {
    premiumRequired:
      'Les notifications sont incluses dans les formules payantes et la période d’essai. Change de formule pour les recevoir.',
    open: 'Notifications',
    panelTitle: 'Notifications',
    dashboardTitle: 'Dernières notifications',
    loadFailed: 'Les notifications n’ont pas pu être chargées.',
    markRead: 'Marquer comme lue',
    commentAdded: (author: string, subject: string) => `${author} a commenté ${subject}.`,
    invoicePaid: (subject: string, amount: string) => `${subject} a été payée (${amount}).`,
    /** "La facture F-2026-0001 a reçu le statut Refusée de Danone : Taux de TVA erroné." */
    eInvoiceStatus: (subject: string, status: string, from: string | null, reason: string | null) =>
      `${subject} a reçu le statut ${status}${from ? ` de ${from}` : ''}${reason ? ` : ${reason}` : ''}.`,
    subjects: {
      invoice: (reference: string | null) => (reference ? `la facture ${reference}` : 'une facture en brouillon'),
      quote: (reference: string | null) => (reference ? `le devis ${reference}` : 'un devis en brouillon'),
      receipt: () => 'un justificatif',
      transaction: () => 'une transaction',
    },
    invoicePaidSubject: (reference: string | null) => (reference ? `La facture ${reference}` : 'Une facture'),
    income: (amount: string, account: string, label: string) => `Encaissement de ${amount} sur ${account} : ${label}.`,
    outcome: (amount: string, account: string, label: string) => `Dépense de ${amount} sur ${account} : ${label}.`,
    synchroLost: (bank: string) =>
      `La synchronisation avec ${bank} est interrompue. Reconnecte ta banque pour recevoir tes transactions.`,
    synchroLostBank: 'ta banque',
    connectionExpiring: (bank: string, date: string) =>
      `Ta connexion à ${bank} expire le ${date} : renouvelle-la pour que tes transactions continuent d’arriver.`,
    connectionExpired: (bank: string) =>
      `Ta connexion à ${bank} a atteint ses 90 jours : renouvelle-la pour recevoir de nouveau tes transactions.`,
    /** "Tes données de transactions du 1 au 10 novembre 2026 sont à transmettre avant le 20/11/2026." */
    eReportingDeadline: (what: string, period: string, deadline: string) =>
      `Tes données de ${what} ${period} sont à transmettre à ta plateforme agréée avant le ${deadline} (e-reporting).`,
    negativeBalance: (account: string, balance: string) => `Le solde de ${account} est passé sous zéro (${balance}).`,
    preferences: {
      title: 'Notifications',
      intro: 'Choisis ce qui te notifie dans Carnet.',
      income: 'Encaissement supérieur à',
      outcome: 'Dépense supérieure à',
      thresholdLabel: 'Montant (€)',
      mobile: 'Notifications sur mobile',
      synchroLost: 'Perte de synchronisation bancaire',
      commentAdded: 'Nouveau commentaire sur un document',
      negativeBalance: 'Solde bancaire négatif',
      stripeInvoicePaid: 'Facture payée',
      reportTitle: 'Rapport hebdomadaire',
      reportDay: 'Jour',
      reportHour: 'Heure',
      reportNone: 'Aucun',
      transactionsUncategorized: 'Transactions à catégoriser',
      transactionsWithoutReceipt: 'Transactions sans justificatif',
      save: 'Enregistrer',
      saved: 'Tes préférences de notification sont enregistrées.',
      thresholdInvalid: 'Indique un montant entier entre 0 et 99 999 999 €.',
      dayInvalid: 'Choisis un jour de la semaine (1 = lundi, 7 = dimanche).',
      hourInvalid: 'Choisis une heure entre 0 et 23.',
      weekdays: ['Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi', 'Samedi', 'Dimanche'],
    },
  },
  /** The weekly report e-mailed to a member on the day and hour of their preference (report.day, report.hour). */
  weeklyReport: {
    subject: (organization: string) => `Ton rapport hebdomadaire — ${organization}`,
    body: (facts: { firstname: string; organization: string; lines: string[]; url: string }) =>
      `Bonjour ${facts.firstname},\n\nVoici où en est ${facts.organization} :\n${facts.lines.map((line) => `- ${line}`).join('\n')}\n\nRetrouve-les dans Carnet : ${facts.url}\n\nBonne semaine !`,
    uncategorized: (count: number) =>
      count === 0 ? 'aucune transaction à catégoriser' : `${count} transaction${count > 1 ? 's' : ''} à catégoriser`,
    withoutReceipt: (count: number) =>
      count === 0
        ? 'aucune transaction sans justificatif'
        : `${count} transaction${count > 1 ? 's' : ''} sans justificatif`,
  },
  /**
   * The weekly reminder of a late invoice (spec/sales.md "Reminders"), e-mailed to the customer in the organisation's
   * name, who is addressed as "vous" like the documents' e-mails; the setting's texts are the organisation's (tu).
   */
  reminders: {
    subject: (reference: string) => `Rappel : facture ${reference} en attente de règlement`,
    body: (facts: {
      reference: string
      datedAt: string
      amount: string
      dueAt: string
      signature: string
      attached: boolean
    }) =>
      `Bonjour,\n\nSauf erreur de notre part, la facture ${facts.reference} du ${facts.datedAt}, d'un montant de ${facts.amount}, arrivée à échéance le ${facts.dueAt}, n'a pas encore été réglée.${facts.attached ? ' Vous la trouverez ci-jointe.' : ''}\n\nNous vous remercions de bien vouloir procéder à son règlement dans les meilleurs délais. Si vous l'avez déjà fait, merci de ne pas tenir compte de ce message.\n\nBien cordialement,\n\n${facts.signature}`,
    setting: 'Relancer les factures en retard',
    settingHint:
      'Chaque semaine, un e-mail rappelle au client chaque facture en retard ; tu le reçois en copie. Inclus dans les formules payantes et la période d’essai.',
  },
} as const
