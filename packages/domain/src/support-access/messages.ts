/** Support access, the spec's impersonation (account spec §2, §4; decision 0042). */
export const supportMessages = {
  title: 'Accès du support',
  intro:
    "Si tu demandes de l'aide, tu peux laisser le support de Carnet agir sur ton compte pendant un temps limité. Tout ce qu'il fait est écrit dans le journal d'audit, à son nom et pour ton compte. Il ne peut changer ni ton mot de passe, ni ton adresse email, ni ta double authentification.",
  notGranted: "Le support n'a pas accès à ton compte.",
  grantedUntil: (until: string) => `Le support peut agir sur ton compte jusqu'au ${until}.`,
  grantFor: 'Autoriser pendant',
  durations: { 1: '1 heure', 24: '24 heures', 168: '7 jours' } as Record<number, string>,
  grant: "Autoriser l'accès",
  revoke: "Retirer l'accès",
  granted: 'Le support peut maintenant agir sur ton compte.',
  revoked: "L'accès du support est retiré.",
  invalidDuration: 'Choisis une durée : 1 heure, 24 heures ou 7 jours.',
  operatorOnly: 'Seuls les opérateurs du support de cette instance peuvent agir en tant qu’un utilisateur.',
  noGrant: "Cet utilisateur n'a pas autorisé le support à agir sur son compte, ou son autorisation a expiré.",
  notYourself: 'Tu ne peux pas agir en tant que toi-même.',
  impersonatorForbidden:
    "Le support ne peut pas faire cela à ta place : le mot de passe, l'adresse email, la double authentification, les jetons et la clôture du compte restent à toi seul·e.",
  operatorTitle: 'Support : agir en tant qu’un utilisateur',
  operatorIntro:
    "Saisis l'adresse email d'un utilisateur qui t'a autorisé. Tu agiras en son nom jusqu'à la fin de son autorisation ; tout est écrit dans son journal d'audit, à ton nom.",
  userEmail: "Adresse email de l'utilisateur",
  start: 'Agir en tant que cet utilisateur',
  stop: "Arrêter l'impersonate",
  banner: (name: string) => `Tu agis en tant que ${name}, pour le support.`,
  notImpersonating: "Tu n'agis en tant que personne.",
} as const
