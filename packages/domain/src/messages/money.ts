/** The money side's texts (spec/money.md): accounts, transactions, categories, rules, bank connections. */
export const moneyMessages = {
  /** Bank, cash and associate accounts (journals, spec/money.md §2, §4, §8); texts the spec leaves open in its tone. */
  journals: {
    noActiveBank: 'Tu n’as activé aucun compte bancaire !',
    unknownBank: 'Banque non identifiée',
    toggleHint: 'Si tu souhaites activer un nouveau compte, désactive ton compte actif au préalable.',
    alreadyActive: 'Un autre compte bancaire est déjà actif.',
    hasTransactions: 'Ce compte contient des transactions : il ne peut pas être supprimé. Désactive-le plutôt.',
    noAssociate: "Tu n'as pas encore de compte courant d'associé",
    typeInvalid: "Ce type de compte n'existe pas.",
    typeUnchangeable: "Le type d'un compte ne change pas : crée un autre compte.",
  },
  /** Receipts (spec/money.md §2, §4, §5, §8); texts the spec leaves open in its tone. */
  receipts: {
    title: 'Justificatifs',
    newReceipt: 'Nouveau justificatif',
    tabAll: 'Tous',
    tabToAssociate: 'À associer',
    tabToProcess: 'À traiter',
    empty: (state: string) => `Aucun justificatif ${state}`.trim(),
    /** spec/money.md §8 "Empty states": the receipts list when nothing was ever imported, and the attach drawer's. */
    noneImported: 'Tu n’as importé aucun justificatif',
    noReceiptImported: 'Tu n’as importé aucun reçu',
    badgeAssociated: 'Associé',
    badgeToProcess: 'À traiter',
    badgeToAssociate: 'À associer',
    attached: 'Justificatif associé avec succès !',
    detached: 'Justificatif dissocié.',
    uploadFailed: (name: string) => `Erreur sur le fichier : ${name}`,
    uploaded: (count: number) => `${count} justificatif${count > 1 ? 's' : ''} ajouté${count > 1 ? 's' : ''}.`,
    deleteConfirm: 'Es-tu certain·e de vouloir supprimer ce justificatif ?',
    deleted: 'Justificatif supprimé.',
    finishLater: 'Terminer plus tard',
    saveAndNext: 'Enregistrer et passer au suivant',
    saved: 'Justificatif enregistré.',
    dateRequired: 'Indique la date du justificatif pour le valider.',
    amountRequired: 'Indique le montant TTC pour valider le justificatif.',
    taxExcludedAboveIncluded: 'Le montant HT ne peut pas dépasser le montant TTC.',
    validatedLocked: 'Ce justificatif est validé : il ne se modifie plus.',
    fileMissing: 'Ajoute au moins un fichier.',
    minImageHint: 'Taille minimale conseillée pour une image : 240 × 320 px',
    /** While the OCR reads a photo or a scan after the upload answered. */
    reading: 'Lecture du justificatif en cours…',
    readingHint: 'Les champs se remplissent dès que la lecture est finie.',
    /** The supplier read on the receipt, proposed while none is chosen in the list. */
    newSupplier: 'Ou un nouveau fournisseur',
    newSupplierRead: 'Lu sur le justificatif : il sera ajouté à tes fournisseurs quand tu valides.',
    newSupplierTyped: 'Il sera ajouté à tes fournisseurs quand tu valides.',
    /** Matching suggestions: a receipt and the bank line that paid it, confirmed or declined by hand. */
    suggestedMatches: 'Rapprochements suggérés',
    suggestedReceipts: 'Justificatifs suggérés',
    confirmMatch: 'Associer',
    declineMatch: "Ce n'est pas ça",
    matchAlreadyAttached: 'Ce justificatif est déjà associé à une autre transaction.',
    matchNotExpense: "Un justificatif ne se rapproche que d'une dépense d'un compte bancaire.",
    matchUnreadable: "Ce justificatif n'a pas pu être lu : traite-le avant de l'associer.",
  },
  /** Bank transactions (spec/money.md §4, §5, §8); texts the spec leaves open in its tone. */
  transactions: {
    locked: 'Cette transaction est vérifiée ou validée : déverrouille-la pour la modifier.',
    needsAllocations: 'Catégorise la transaction avant de la vérifier ou de la valider.',
    unlockForbidden: "Tu n'as pas le droit de déverrouiller une transaction validée.",
    validatedNotCheckable: 'Cette transaction est validée : déverrouille-la d’abord.',
    folderNotCategory: 'Un dossier ne peut pas être choisi comme catégorie.',
    deleteConfirm: 'Es-tu certain·e de vouloir supprimer cette transaction ?',
    deleted: 'Suppression réussie !',
    deleteFailedTitle: 'Erreur lors de la suppression',
    deleteFailed: "Ta demande de suppression n'a pas pu être effectuée.",
    noReceipt: "Je n'ai pas de justificatif",
    hasReceipt: "J'ai un justificatif",
    /** hasNoReceipt cannot be set on a transaction that has a receipt or an invoice (spec/money.md §4). */
    noReceiptRefused: 'Cette transaction a un justificatif : tu ne peux pas indiquer qu’il est perdu.',
    bulkNotCategorized: "Au moins une des transactions sélectionnées n'a pas été catégorisée.",
    bulkHasReceipt:
      'Au moins une des transactions sélectionnées a un justificatif : tu ne peux pas indiquer qu’il est perdu.',
    bulkAlreadySplit: 'Au moins une des transactions sélectionnées est déjà ventilée sur plusieurs catégories.',
    bulkMixedSigns: 'La sélection mélange des encaissements et des décaissements : catégorise-les séparément.',
    bulkLocked: 'Au moins une des transactions sélectionnées est vérifiée ou validée : déverrouille-la d’abord.',
    bulkCategoryRequired: 'Tu dois choisir une catégorie.',
    /** PATCH takes the split as `allocations` or by the name GET gives it, `transactionAllocations`: not both. */
    allocationsTwice: 'Envoie la ventilation une seule fois : allocations ou transactionAllocations.',
    invoiceNotPayable: 'Seule une facture validée et non payée peut être rattachée à un encaissement.',
    invoiceNeedsCredit: 'Une facture ne peut être rattachée qu’à un encaissement (montant positif).',
    invoiceAttached: 'Facture rattachée : elle est marquée payée.',
    /** When the transfer may pay only part of what is left of it (an instalment, decision 0024). */
    invoiceAttachedInPart: 'Facture rattachée : elle sera marquée payée une fois réglée en entier.',
    leftToPay: (amount: string) => `Reste à payer : ${amount}`,
    /** The detail drawer's panels (spec/money.md §8), with the spec's typographic apostrophes. */
    noComment: 'Il n’y a aucun commentaire.',
    commentFailed: 'Une erreur est survenue lors de l’enregistrement de ton commentaire.',
    noInvoice: 'Il n’y a aucune facture associée',
  },
  /**
   * Accounting categories (spec/money.md §2 categories page, §4, §5 "Accounting category form"): the form's messages
   * are the spec's, letter for letter; the others are texts the spec leaves open, in its tone.
   */
  accountingEntries: {
    title: 'Catégories comptables',
    generalTab: 'Catégories générales',
    customTab: 'Catégories personnalisées',
    add: 'Ajouter une entrée',
    nameRequired: 'Le champ Nom est obligatoire.',
    codeTooLong: 'Le champ Code ne doit pas dépasser 9 caractères.',
    parentRequired: 'Le champ Catégorie parente est obligatoire.',
    taxRateRequired: 'Le champ Taux de taxe est obligatoire.',
    codeInvalid: 'Le code est un numéro de compte : des chiffres, puis des chiffres ou des lettres, sans espace.',
    codeNeededUnderFolder: 'Donne un numéro de compte à une catégorie rangée directement dans un dossier.',
    taxTypeNotAllowed: 'Une sous-catégorie garde le type de taxe de sa catégorie parente, ou « Non soumis à la TVA ».',
    parentUnknown: "Cette catégorie parente n'existe pas.",
    parentIsSelf: 'Une catégorie ne peut pas être rangée sous elle-même ou sous une de ses sous-catégories.',
    notEditable: 'Les catégories générales ne se modifient pas : crée une catégorie personnalisée.',
    used: 'Cette catégorie est utilisée (transactions, articles, règles ou sous-catégories) : désactive-la plutôt.',
    inactive: 'Cette catégorie est désactivée : réactive-la ou choisis-en une autre.',
    deleteConfirm: 'Es-tu certain·e de vouloir supprimer cette catégorie ?',
    emptyCustom: "Tu n'as pas encore créé de catégorie personnalisée.",
    activated: 'Catégorie activée.',
    deactivated: 'Catégorie désactivée : elle n’apparaît plus dans les listes de choix.',
    /** The parent select of the form: the categories under which the new one can go. */
    parentHint:
      'Ta catégorie se range sous une catégorie existante : elle en garde le type de taxe, ou n’est pas soumise à la TVA.',
    codeHint: 'Facultatif : sans numéro, elle prend le compte de sa catégorie parente.',
  },
  /**
   * Assignment rules (spec/money.md §4 "Assignment rule", §5 "Assignment rule form"): the form's messages are the
   * spec's; ranking, splits, retroactive runs, proposals and global rules go beyond the spec, in its tone.
   */
  rules: {
    title: "Règles d'affectation",
    nameTooLong: 'Le libellé ne peut pas dépasser 255 caractères',
    categoryRequired: 'Une entrée comptable doit être sélectionnée',
    categoryInvalid: 'Veuillez sélectionner une catégorie comptable',
    conditionsRequired: 'Il doit y avoir au moins une condition',
    conditionsRequiredEditor: 'Pour enregistrer une règle personnalisée, tu dois définir au moins une condition.',
    valueTooLong: 'La valeur ne peut pas dépasser 255 caractères',
    valueRequired: 'La valeur est obligatoire.',
    targetRequired: 'Choisis sur quoi porte la condition.',
    functionRequired: 'Choisis une opération.',
    functionNotForTarget: "Cette opération ne s'applique pas à ce champ.",
    amountInvalid: 'Le montant doit être un nombre, par exemple -49,90.',
    betweenInvalid: 'Donne deux montants séparés par « ; », le plus petit d’abord, par exemple 10;20.',
    journalInvalid: 'Choisis un compte bancaire.',
    textEmpty: 'La valeur doit contenir au moins une lettre ou un chiffre.',
    creditAndDebit: 'Une règle vise les encaissements ou les décaissements, pas les deux à la fois.',
    splitShareRequired: 'Donne un pourcentage ou un montant fixe à chaque ligne de la répartition.',
    splitPercentInvalid: 'Un pourcentage est compris entre 0 et 100 (exclus).',
    splitAmountInvalid: 'Le montant fixe doit être positif.',
    splitPercentTotal: 'Les pourcentages dépassent 100 % : il ne reste rien pour la dernière ligne.',
    creditOnly: 'Uniquement les encaissements',
    debitOnly: 'Uniquement les dépenses',
    moreConditions: (count: number) => `+ ${count} condition${count > 1 ? 's' : ''}`,
    saved: 'Règle enregistrée.',
    deleted: 'Règle supprimée.',
    deleteConfirm: 'Es-tu certain·e de vouloir supprimer cette règle ?',
    empty: "Tu n'as pas encore de règle d'affectation.",
    previewEmpty: 'Aucune transaction ne correspond à ces conditions.',
    previewCount: (count: number) =>
      count === 0
        ? 'Aucune transaction ne correspond'
        : `${count} transaction${count > 1 ? 's correspondent' : ' correspond'}`,
    applyTitle: 'Appliquer aux transactions existantes ?',
    applyCount: (count: number) =>
      count === 0
        ? 'Aucune transaction à catégoriser ne correspond : la règle servira aux prochaines.'
        : `${count} transaction${count > 1 ? 's' : ''} à catégoriser ou en attente ${count > 1 ? 'vont' : 'va'} recevoir cette catégorie.`,
    applied: (count: number) =>
      count === 0
        ? 'Règle activée : elle s’appliquera aux prochaines transactions.'
        : `Règle appliquée à ${count} transaction${count > 1 ? 's' : ''}.`,
    undone: (count: number, skipped: number) =>
      `${count} transaction${count > 1 ? 's' : ''} remise${count > 1 ? 's' : ''} comme avant.` +
      (skipped > 0
        ? ` ${skipped} modifiée${skipped > 1 ? 's' : ''} depuis, laissée${skipped > 1 ? 's' : ''} telle${skipped > 1 ? 's' : ''} quelle${skipped > 1 ? 's' : ''}.`
        : ''),
    alreadyUndone: 'Cette application a déjà été annulée.',
    inactiveNoApply: 'Active la règle avant de l’appliquer aux transactions existantes.',
    proposalTitle: 'Créer une règle ?',
    proposal: (name: string, category: string, count: number) =>
      `Tu as catégorisé ${count} fois « ${name} » en « ${category} ». Veux-tu une règle qui le fasse pour toi ?`,
    proposalDeclined: 'D’accord, on ne te le proposera plus pour ce libellé.',
    globalTitle: 'Règles proposées',
    globalAdopted: (count: number) => `${count} règle${count > 1 ? 's' : ''} ajoutée${count > 1 ? 's' : ''}.`,
    globalNothing: 'Choisis au moins une règle.',
    globalUnknown: "Cette règle proposée n'existe pas.",
    order: 'Ordre',
    sorted: 'Règles rangées de la plus précise à la plus large.',
    stopProcessing: 'S’arrêter ici',
    activated: 'Règle activée : elle s’appliquera aux prochaines transactions.',
    deactivated: 'Règle désactivée : elle ne s’appliquera plus aux prochaines transactions.',
    previewIncomplete: 'Complète les conditions pour voir les transactions qui correspondent.',
    globalEmpty: 'Aucune règle proposée pour le moment.',
    globalAllAdopted: 'Tu as déjà ajouté toutes les règles proposées.',
    stopProcessingHint: 'Si cette règle correspond, les règles suivantes ne sont pas regardées.',
    splitHint:
      'Les premières lignes prennent un pourcentage ou un montant fixe ; la catégorie de la règle prend le reste.',
  },
  /**
   * Bank connections (spec/money.md §2 bank-related screens, §4, §8): the aggregator (Bridge) and the neobank (Qonto).
   * The spec's exact texts are connectFailed('Bridge'), the error modal's button labels and contactSupport; the others
   * are texts the spec leaves open, in its tone.
   */
  bankConnections: {
    title: 'Connexions bancaires',
    connectFailed: (provider: string) => `Erreur lors de la connexion à ${provider}`,
    actionUpdate: 'Mettre à jour',
    actionSync: 'Synchroniser',
    actionValidate: 'Valider',
    actionFix: 'Corriger',
    contactSupport: 'Tu peux contacter le support',
    letsGo: "C'est parti",
    badgeOk: 'OK',
    badgeError: 'En erreur',
    badgeArchived: 'Archivée',
    providerInvalid: "Ce fournisseur de connexion bancaire n'existe pas.",
    providerNotConfigured: "Ce fournisseur de connexion bancaire n'est pas configuré sur ce serveur.",
    providerUnavailable: 'La banque ne répond pas pour le moment : réessaie plus tard.',
    providerRefused: 'La banque a refusé la demande : reconnecte ton compte.',
    inactive: 'Cette connexion est archivée : réactive-la pour la synchroniser.',
    expired: 'Cette connexion a plus de 90 jours : renouvelle-la pour continuer à synchroniser ton compte.',
    callbackUnknown: "Cette connexion bancaire n'a pas été demandée depuis ce compte, ou elle a déjà abouti.",
    callbackCancelled: "La connexion à ta banque n'a pas abouti.",
    connected: 'Ta banque est connectée : tes comptes et leurs transactions arrivent.',
    synced: (imported: number) =>
      imported === 0
        ? 'Synchronisation terminée : aucune nouvelle transaction.'
        : `Synchronisation terminée : ${imported} nouvelle${imported > 1 ? 's' : ''} transaction${imported > 1 ? 's' : ''}.`,
    renewalNeeded: 'Connexion expirée : renouvelle-la (90 jours au plus)',
    syncInProgress: 'Synchronisation en cours',
    qontoReconnect: 'Ta connexion à Qonto a expiré ou a été révoquée : reconnecte-toi.',
    noProvider:
      "Aucune connexion bancaire n'est configurée sur ce serveur : importe un relevé de ton compte (OFX, QIF, CAMT.053, CFONB ou CSV).",
    acknowledgement:
      "J'autorise Carnet à accéder aux comptes et aux transactions de ma banque, en lecture seule, pour 90 jours renouvelables.",
    contactOwner: "Seul le propriétaire de l'entreprise peut connecter une banque : contacte-le pour qu'il le fasse.",
  },
} as const
