/** Open sessions, new-device e-mails and the per-account limit on wrong passwords (decision 0041). */

/** "45 secondes", "2 minutes", "15 minutes": a wait as the sign-in page says it. */
export function waitText(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds))
  if (s < 60) return s === 1 ? '1 seconde' : `${s} secondes`
  const minutes = Math.ceil(s / 60)
  return minutes === 1 ? '1 minute' : `${minutes} minutes`
}

export const sessionMessages = {
  accountLocked: (seconds: number) =>
    `Trop de mots de passe erronés pour ce compte. Réessaye dans ${waitText(seconds)}, ou débloque-le avec le code reçu par e-mail.`,
  secondFactorLocked: (seconds: number) => `Trop de codes erronés. Réessaye dans ${waitText(seconds)}.`,
  invalidUnlockCode: 'Le code de déblocage est invalide ou a expiré.',
  unlockSubject: 'Débloquer ton compte Carnet',
  newDeviceSubject: 'Nouvelle connexion à ton compte Carnet',
  sessionNotFound: "Cette session n'existe pas ou est déjà terminée.",
  title: 'Appareils connectés',
  intro: 'Les navigateurs et appareils où ton compte est ouvert. Termine ceux que tu ne reconnais pas.',
  thisSession: 'Cette session',
  signedInAt: 'Connecté·e le',
  lastSeenAt: 'Dernière activité',
  address: 'Adresse IP',
  end: 'Déconnecter',
  endOthers: 'Déconnecter les autres sessions',
  endOthersConfirm: 'Veux-tu déconnecter toutes tes autres sessions ? Elles devront se reconnecter.',
  ended: 'Session terminée.',
  othersEnded: (count: number) =>
    count === 0
      ? "Aucune autre session n'était ouverte."
      : `${count} autre${count > 1 ? 's' : ''} session${count > 1 ? 's' : ''} terminée${count > 1 ? 's' : ''}.`,
  onlyThis: "Aucune autre session n'est ouverte.",
  loadFailed: 'Impossible de charger tes sessions.',
  unknownDevice: 'Appareil inconnu',
  support: 'Accès du support',
  unlockTitle: 'Débloquer mon compte',
  unlockIntro:
    'Trop de mots de passe erronés ont été essayés sur ton compte. Saisis le code reçu par e-mail et ton mot de passe pour te connecter tout de suite.',
  unlockCodeLabel: 'Code de déblocage',
  unlockAction: 'Débloquer et me connecter',
  unlockLink: 'Débloquer mon compte avec le code reçu par e-mail',
} as const
