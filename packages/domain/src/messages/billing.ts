/**
 * The organisation's subscription to Carnet (spec/account.md §4 "Plans", §7 messages). "Une erreur est survenue." for
 * subscribing twice is the spec's; the other refusals are written in its tone (tu).
 */
export const billingMessages = {
  billing: {
    notConfigured: 'Le paiement n’est pas configuré sur ce serveur.',
    /** spec §7 "Subscribing while already on a plan". */
    alreadySubscribed: 'Une erreur est survenue.',
    noSubscription: 'Tu n’as pas d’abonnement en cours.',
    alreadyCancelled: 'Ton abonnement est déjà annulé : il prend fin à la fin de la période payée.',
    samePlan: 'Tu es déjà sur cette formule.',
    /** spec §4 "A yearly plan cannot be switched to a non-yearly one". */
    yearlyToMonthly: 'Une formule annuelle ne peut pas être remplacée par une formule mensuelle.',
    noCustomer: 'Tu n’as pas encore de moyen de paiement enregistré : souscris d’abord à une formule.',
    providerUnavailable: 'Le prestataire de paiement n’a pas répondu. Réessaye dans quelques instants.',
    badSignature: 'La signature de cet évènement n’est pas valide.',
  },
} as const
