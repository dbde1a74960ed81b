import { alertMessages } from './alerts'
import { authMessages } from './auth'
import { billingMessages } from './billing'
import { cashMessages } from './cash'
import { contentMessages } from './content'
import { dashboardMessages } from './dashboard'
import { emptyMessages } from './empty'
import { expenseMessages } from './expenses'
import { genericMessages } from './generic'
import { ledgerMessages } from './ledger'
import { moneyMessages } from './money'
import { notificationMessages } from './notifications'
import { organizationMessages } from './organization'
import { searchMessages } from './search'

/**
 * The spec's exact French texts, letter for letter, in one place.
 * Server and web both read them from here so a text is never written twice.
 */
export const messages = {
  generic: genericMessages,
  validation: {
    required: 'Ce champ est obligatoire',
    passwordMin: 'Le mot de passe doit faire au moins 8 caractères',
    passwordsMismatch: 'Les mots de passe ne correspondent pas',
    passwordsMismatchReset: "Désolé, nous devons être sûr que tu n'as pas fait de faute de frappe",
    cguRequired: 'Tu dois accepter les CGU',
    passwordEmpty: 'Le mot de passe ne peut pas être vide',
    codeSixDigits: 'Le code doit contenir 6 chiffres',
    emailNotFound: "L'email n'a pas été retrouvé.",
    emailInvalid: "Le format de l'email est invalide",
    emailNotValid: "L'email n'est pas valide",
    urlInvalid: "Le format de l'url est invalide",
    phoneInvalid: "Le numéro de téléphone n'est pas valide. Veuillez vérifier le format.",
    postcodeInvalid: 'Le format ne semble pas valide. Exemple: 34000',
    sirenInvalid: 'Ce champ doit contenir un SIREN de 9 chiffres',
    positiveId: 'Ce champ est obligatoire',
    tooLong: (max: number) => `Ce champ ne peut pas dépasser ${max} caractères`,
    /** A key the body's schema does not have: refused by name, never dropped in silence. */
    unknownField: (key: string) => `Champ inconnu : ${key}`,
    amountNegative: 'Le montant ne peut pas être négatif',
    roleRequired: 'Ce champ est obligatoire',
    invalidData: 'Les données envoyées ne sont pas valides.',
    closeSentence: 'La phrase de confirmation ne correspond pas.',
    closeOrganizationName: "Le nom de l'entreprise ne correspond pas.",
    sirenOrSiretFormat: 'Ce champ doit contenir un SIREN (9 chiffres) ou un SIRET (14 chiffres)',
    sirenOrSiretCheck: "Ce numéro SIREN ou SIRET n'existe pas : vérifie les chiffres.",
    vatNumberFormat: "Le numéro de TVA intracommunautaire n'est pas valide. Exemple : FR44732829320",
    vatNumberKey: "La clé de ce numéro de TVA ne correspond pas au SIREN qu'il contient : vérifie les chiffres.",
    vatNumberSirenMismatch: 'Ce numéro de TVA ne correspond pas au SIREN saisi.',
    dateInvalid: "La date n'est pas valide",
    dateOutOfRange: 'Choisis une date entre 1900 et 2199.',
    choiceInvalid: "Ce choix n'est pas valide",
    nulCharacter: 'Ce texte contient un caractère nul, qui ne peut pas être enregistré.',
    salesCategory: 'Choisis la catégorie 701 ou 707 pour un produit, 706 ou 708 pour un service.',
    taxNotCollected: 'Choisis un taux de TVA collectée.',
    postcodeRequired: 'Ce champ est obligatoire',
  },
  /** Customers, suppliers and catalogue (spec/sales.md §8); texts the spec leaves open are written in its tone. */
  contacts: {
    customerDeleted: 'Client supprimé',
    supplierDeleted: 'Fournisseur supprimé',
    customerDeleteFailed: "Le client n'a pas pu être supprimé",
    supplierDeleteFailed: "Le fournisseur n'a pas pu être supprimé",
    emailCopied: "L'adresse email a été copiée dans le presse-papier",
    noSupplier: "Tu n'as pas encore renseigné de fournisseur.",
    noInvoice: "Il n'y a aucune facture associée",
    noQuote: 'Aucun devis',
    usedByValidatedDocument: 'Ce contact figure sur un document validé : il ne peut pas être supprimé.',
    companyFound: 'Nous avons trouvé ton entreprise !',
    companyVerify: 'Pense à vérifier les informations officielles avant d’enregistrer.',
    companyNotFound: 'Aucune entreprise ne correspond à ce numéro SIREN ou SIRET.',
    companyNonDisclosable:
      'Cette entreprise a demandé à ne pas diffuser ses informations : nous ne pouvons pas remplir les champs à ta place.',
    companyLookupUnavailable: "Le service de recherche d'entreprises ne répond pas. Réessaye plus tard.",
    mainAddressName: 'Adresse principale',
    copyPrefix: 'Copie de ',
  },
  auth: authMessages,
  organization: organizationMessages,
  /** Generic file drop (spec/account.md §5 "Uploads"). */
  files: {
    invalidFormat: (index: number, formats: string) =>
      `Le fichier n°${index} n'est pas valide ! (Formats acceptés: ${formats})`,
    tooLarge: (index: number, max: string) => `Ton fichier n°${index} est trop volumineux ! (Taille max: ${max})`,
    tooMany: (count: number) => `Tu ne peux pas transférer plus de ${count} fichiers à la fois`,
  },
  http: {
    notFound: 'Ressource introuvable.',
    routeNotFound: "Cette route n'existe pas.",
    malformedJson: "Le corps de la requête n'est pas un JSON valide.",
    tooLarge: 'La requête est trop volumineuse.',
    unsupportedMediaType: "Ce type de contenu n'est pas pris en charge.",
    forbidden: "Tu n'as pas les droits pour effectuer cette action.",
    conflict: "Cette action n'est pas possible dans l'état actuel.",
    serverError: 'Une erreur est survenue.',
  },
  mail: {
    resetSubject: 'Ton code de réinitialisation',
    invitationSubject: (organizationName: string) => `Invitation à rejoindre ${organizationName}`,
    closeSubject: 'Code de clôture de ton compte',
    defaultDocumentSubject: 'Un document vous a été envoyé',
  },
  /** Profile and settings screens (spec/account.md §2, §8); texts the spec leaves open are written in its tone. */
  account: {
    profileTitle: 'Mon profil',
    settingsTitle: 'Mes paramètres',
    closed: 'Ton compte a été clôturé. Tes données restent téléchargeables pendant 30 jours.',
    tokenCopied: 'Jeton copié dans le presse-papier',
    noToken: "Tu n'as encore créé aucun jeton d'API",
    noMember: 'Aucun collaborateur',
    newOrganizationTitle: 'Bienvenue dans ta nouvelle entreprise !',
    memberRemoved: "Le collaborateur a été retiré de l'entreprise.",
    invitationDeleted: "L'invitation a été supprimée.",
    tokenRevoked: 'Le jeton a été révoqué.',
    /** E-mail change: a code to the new address, a notice to the old one. */
    emailChangeSubject: 'Confirme ta nouvelle adresse email',
    emailChangeNoticeSubject: 'Changement de ton adresse email demandé',
    emailChangeCodeSent: (email: string) => `Saisis le code envoyé à ${email}`,
    emailChangeInvalidCode: 'Le code est invalide ou a expiré. Vérifie le dernier e-mail reçu ou redemande un code.',
    emailChanged: 'Ton adresse email a été modifiée.',
  },
  /** Quotes, invoices, credit notes, deposits (spec/sales.md §2, §4, §8); texts the spec leaves open in its tone. */
  documents: {
    notDraft: "Attention, ce document n'est plus à l'état de brouillon. Tu ne peux pas l'éditer.",
    noInvoice: 'Aucune facture pour le moment',
    noQuote: (stateName: string) => `Aucun devis ${stateName}`.trim(),
    noReference: 'Aucune',
    noClient: 'Aucun',
    payment: (amount: string, date: string) => `Règlement de ${amount} le ${date}`,
    defaultInvoiceName: 'Nouvelle facture',
    defaultCreditNoteName: 'Nouvel avoir',
    defaultQuoteName: 'Nouveau devis',
    defaultRecurringName: 'Nouvelle facture récurrente',
    creditNoteCreated: 'Avoir créé',
    creditNoteCreatedText: 'Tu le retrouveras dans la liste des factures.',
    depositCreated: "Ta facture d'acompte a bien été créée.",
    depositTitle: 'Enregistrer un acompte',
    toInvoice: 'Convertir en facture',
    toFinalInvoice: 'Générer la facture finale',
    createDeposit: "Créer une facture d'acompte",
    taxFreeMention: 'TVA non applicable, art. 293 B du CGI',
    vatOnDebitsMention: "Option pour le paiement de la taxe d'après les débits",
    recoveryIndemnityMention:
      'En cas de retard de paiement, une indemnité forfaitaire pour frais de recouvrement de 40 € est due (art. L441-10 du Code de commerce).',
    latePenaltiesMention: (rate: string) => `Pénalités de retard : ${rate} par an.`,
    /** Late penalties when the invoice sets no rate: the legal default of Code de commerce L441-10. */
    legalLatePenaltiesMention:
      'Pénalités de retard : taux de la BCE à son opération de refinancement la plus récente majoré de 10 points (art. L441-10 du Code de commerce).',
    noEarlyPaymentDiscountMention: "Pas d'escompte pour paiement anticipé.",
    facturXDraft: "Le Factur-X n'existe que pour une facture validée : valide d'abord ce brouillon.",
    netToPay: 'Net à payer',
    amount: 'Montant',
    noDeposit: "Aucun acompte n'a été enregistré pour ce devis.",
    noPreview: 'Prévisualisation indisponible',
    noComment: "Il n'y a aucun commentaire.",
    commentFailed: "Une erreur est survenue lors de l'enregistrement de ton commentaire.",
    noPdf: "Ton PDF n'est pas encore disponible.",
    validateConfirm: 'Une fois validée, ta facture recevra son numéro et ne pourra plus être modifiée ni supprimée.',
    validateQuoteConfirm: 'Une fois validé, ton devis recevra son numéro.',
    totalCreditNoteConfirm:
      'Un avoir du montant total sera créé et ta facture sera annulée. Cette action est irréversible !',
    validated: 'Document validé.',
    depositLine: (percentageOrAmount: string, quoteReference: string) =>
      `Acompte de ${percentageOrAmount} sur le devis ${quoteReference}`,
    depositDeduction: (reference: string, date: string) => `Acompte n° ${reference} du ${date}`,
    creditNoteLine: (reference: string) => `Avoir sur la facture ${reference}`,
    copyOf: (name: string) => `Copie de ${name}`,
    // Server refusals (409 and 422)
    actionNotAllowed: "Cette action n'est pas possible dans l'état actuel du document.",
    notEditable: "Ce document n'est plus à l'état de brouillon : il ne peut plus être modifié.",
    notDeletable: 'Seul un brouillon peut être supprimé.',
    numberedQuote: 'Ce devis a déjà reçu son numéro : il ne peut plus être supprimé.',
    contactRequired: 'Choisis un client avant de valider.',
    linesRequired: 'Ajoute au moins une ligne avant de valider.',
    contactRequiredForAction: "Choisis d'abord un client.",
    alreadyInvoiced: 'Ce devis a déjà été transformé en facture.',
    depositsNotValidated: "Valide d'abord les factures d'acompte de ce devis.",
    depositTooHigh: (remaining: string) => `L'acompte ne peut pas dépasser le reste à facturer (${remaining}).`,
    nothingToDeposit: 'Il ne reste rien à facturer sur ce devis.',
    creditTooHigh: (remaining: string) => `Le montant ne peut pas dépasser ce qui reste à créditer (${remaining}).`,
    alreadyCredited: 'Cette facture a déjà été entièrement créditée.',
    discountsDisabled: 'Les remises ne sont pas activées dans tes paramètres de vente.',
    addressNotOfContact: "Cette adresse n'appartient pas au client choisi.",
    unknownItem: "Cet article n'existe pas.",
    unknownTax: "Ce taux de TVA n'existe pas.",
    percentageRange: 'Le pourcentage doit être compris entre 0 et 100',
    amountPositive: 'Le montant doit être supérieur à 0',
    daysRange: (min: number) => `Ce champ doit être un nombre de jours entre ${min} et 365`,
    tooManyLines: (max: number) => `Un document ne peut pas avoir plus de ${max} lignes`,
    chronoMin: 'Le compteur doit être au moins égal à 1',
    chronoAlreadyGiven: (last: number) =>
      `Le compteur doit être supérieur au dernier numéro attribué (${last}) : un numéro n'est donné qu'une fois`,
    numberingCharacters: 'Ce champ ne peut contenir ni espace, ni « / », ni « \\ »',
    paymentDateBeforeIssue: 'La date de paiement ne peut pas précéder la date de la facture.',
  },
  /** Recurring invoices (spec/sales.md §4, §5, §8); texts the spec leaves open are written in its tone. */
  recurring: {
    title: 'Factures récurrentes',
    newButton: 'Nouvelle facture récurrente',
    createFromInvoice: 'Créer une facture récurrente',
    noUpcoming: "Nous n'avons pas pu déterminer de prochaines échéances...",
    suspended: 'Tu as suspendu ton abonnement avec succès.',
    suspendFailed:
      'Il y a eu une erreur lors de la suspension de ton abonnement. Tu peux réessayer plus tard ou contacter le support.',
    reactivated: 'Ta facture récurrente est de nouveau active.',
    empty: "Tu n'as pas encore de facture récurrente.",
    emptyArchived: "Aucune facture récurrente n'est archivée.",
    startTomorrow: 'La date de début doit être au plus tôt demain.',
    endTomorrow: 'La date de fin doit être au plus tôt demain.',
    endBeforeStart: 'La date de fin ne peut pas précéder la date de début.',
    occurrencesRange: "Le nombre d'échéances doit être un nombre entier entre 1 et 300.",
    recurrenceRange: 'La récurrence doit être un nombre entier entre 1 et 31.',
    monthDay: 'Choisis le 1er, le 5, le 10, le 15, le 20, le 25 ou le dernier jour du mois.',
    weekday: 'Choisis un jour de la semaine.',
    premiumRequired:
      'Les factures récurrentes sont réservées aux formules Plus. Passe à une formule Plus pour en créer.',
    premiumUpsell:
      'Facture tes abonnements sans y penser : Carnet crée, et peut envoyer, chaque facture à la bonne date.',
    reactivateNeedsContact: 'Choisis un client avant de réactiver cette facture récurrente.',
    paramsRequired: 'Les paramètres de la facture récurrente sont obligatoires.',
    notRecurring: "Cette facture n'est pas une facture récurrente.",
    isRecurring: 'Cette facture récurrente se modifie depuis ses paramètres (isRecurring et recurringParams).',
    suspendConfirm:
      "Plus aucune facture ne sera créée tant que tu ne l'auras pas réactivée. Les factures déjà créées ne changent pas.",
    suspendAccept: "J'ai compris : plus aucune facture ne sera créée pour cet abonnement",
    defaultSubject: 'Ta facture {reference}',
  },
  /** Sending documents by e-mail and share links (spec/sales.md §4, §5, §8); texts the spec leaves open in its tone. */
  sending: {
    sent: 'Ton email a bien été envoyé.',
    queued: "Le serveur d'envoi ne répond pas pour l'instant : ton email partira automatiquement dès que possible.",
    lastQueued: (to: string) =>
      `Ton dernier email à ${to} attend encore le serveur d'envoi : il partira automatiquement dès que possible.`,
    lastFailed: (to: string) => `Ton dernier email à ${to} n'a pas pu être envoyé. Vérifie l'adresse et réessaye.`,
    invalidAddress: (address: string) => `Le format de l'email « ${address} » est invalide`,
    tooManyAddresses: (max: number) => `Tu ne peux pas indiquer plus de ${max} adresses`,
    subjectOneLine: "L'objet doit tenir sur une seule ligne",
    draftNotSendable: "Valide d'abord ce document : un brouillon ne peut pas être envoyé.",
    notSendable: 'Ce document ne peut pas être envoyé dans son état actuel.',
    draftNotShareable: "Valide d'abord ce document : un brouillon ne peut pas être partagé.",
    shareLinkCopied: 'Le lien de partage a été copié dans le presse-papier',
    shareLinkRevoked: 'Le lien de partage a été désactivé.',
    linkInvalid: "Ce lien n'est plus valide.",
    invoiceBody: (what: string) =>
      `Bonjour,\n\nVeuillez trouver ci-joint ${what} {reference}.\n\nNous restons à votre disposition pour toute question.\n\nBien cordialement,\n\n{signature}`,
    invoiceWhat: 'la facture',
    creditNoteWhat: "l'avoir",
    quoteWhat: 'le devis',
    /** The subject proposed when the organisation has none of its own: what the document is, and who sends it. */
    documentSubject: (noun: string, reference: string | null, sender: string) =>
      `${reference ? `${noun} ${reference}` : noun} ${/^[aeiouyàâäéèêëîïôöùûüœæ]/i.test(sender) ? `d'${sender}` : `de ${sender}`}`,
    invoiceNoun: 'Facture',
    creditNoteNoun: 'Avoir',
    quoteNoun: 'Devis',
  },
  /** PDFs of documents (the missing-PDF texts are documents.noPdf and documents.noPreview). */
  pdf: {
    notPaid: "Cette facture n'est pas payée : sa version acquittée n'existe pas encore.",
    invalidColor: 'La couleur doit être au format #RRGGBB.',
    invalidFont: "Cette police n'existe pas.",
  },
  /** Comments, notes and the history of documents (spec/sales.md §6, §8); texts the spec leaves open in its tone. */
  comments: {
    deleteForbidden: "Seul l'auteur d'un commentaire peut le supprimer.",
    noteSaved: 'Note enregistrée',
    noteSaving: 'Enregistrement…',
    noteFailed: "La note n'a pas pu être enregistrée.",
  },
  /** Appearance of documents and payment modes (spec/account.md §3, §5); texts the spec leaves open in its tone. */
  settingsAppearance: {
    dimensionsTooLarge: (index: number, max: string) =>
      `Ton image n°${index} est trop grande ! (Dimensions max: ${max})`,
    pdfUnreadable: "Ce PDF n'a pas pu être lu : il est peut-être protégé par un mot de passe ou endommagé.",
    removed: 'Fichier supprimé.',
    ibanInvalid: "Cet IBAN n'est pas valide.",
    bicInvalid: "Ce BIC n'est pas valide.",
    transferNeedsIban: 'Renseigne un IBAN valide pour activer le virement bancaire.',
  },
  ...moneyMessages,
  ...cashMessages,
  ...ledgerMessages,
  ...expenseMessages,
  ...searchMessages,
  ...alertMessages,
  ...dashboardMessages,
  ...notificationMessages,
  ...billingMessages,
  ...contentMessages,
  empty: emptyMessages,
} as const
