/**
 * Expense notes and associate / operator accounts (spec/money.md §2, §4, §5, §8): the spec's exact texts are the
 * default name, the delete confirmation, the success toast, the associates page's empty text and the leave guard
 * (messages.generic.leaveGuard); the others are texts the spec leaves open, in its tone.
 */
export const expenseMessages = {
  expenses: {
    title: 'Notes de frais',
    newExpense: 'Nouvelle note de frais',
    editTitle: 'Note de frais',
    defaultName: (date: string) => `Note de frais du ${date}`,
    deleteConfirm: 'Es-tu certain·e de vouloir supprimer cette note de frais ?',
    deleted: 'La note de frais a été supprimée.',
    created: 'La note de frais a bien été créée.',
    createdHint: 'Catégorise maintenant ses lignes : elle est pour l’instant en compte d’attente.',
    createFromTransaction: 'Créer une note de frais',
    viewFromTransaction: 'Voir la note de frais',
    empty: "Tu n'as pas encore de note de frais.",
    addLine: 'Ajouter une ligne',
    addMileage: 'Ajouter des frais kilométriques',
    mileageLineName: 'Frais kilométriques',
    scale: (year: number) => `Barème ${year}`,
    /** No associate account (companies) or operator account (EI, PL, ME) to hold the note: create one first. */
    noAssociate: "Crée d'abord un compte courant d'associé : la note de frais y est enregistrée.",
    noOperator: "Crée d'abord un compte de l'exploitant : la note de frais y est enregistrée.",
    chooseJournal: 'Tu as plusieurs comptes : choisis celui de la note de frais.',
    journalNotExpense: "Choisis un compte courant d'associé ou un compte de l'exploitant actif.",
    linesRequired: 'Ajoute au moins une ligne à ta note de frais.',
    notEligible:
      "Seule une dépense bancaire ventilée sur une seule catégorie, celle d'un compte courant d'associé actif, peut devenir une note de frais.",
    alreadyMade: 'Une note de frais a déjà été créée à partir de cette transaction.',
    mileageNoAllowance:
      'Le barème kilométrique ne donne pas de montant pour ces valeurs : vérifie le véhicule, la puissance et les distances.',
    mileageOnlyInNotes: 'Les frais kilométriques se saisissent dans une note de frais.',
    fiscalPowerRequired: 'Indique la puissance fiscale du véhicule.',
    distanceInvalid: 'La distance doit être un nombre de kilomètres supérieur à 0.',
    yearlyBelowTrip: 'Les kilomètres de l’année comptent au moins ceux de ce trajet.',
  },
  /** The associate and operator accounts (settings page /app/setting/financial/associates). */
  associates: {
    add: "Ajouter un compte courant d'associé",
    addOperator: "Ajouter un compte de l'exploitant",
    owed: 'Dû à l’associé',
    owedOperator: 'Dû à l’exploitant',
    noOperator: "Tu n'as pas encore de compte de l'exploitant",
  },
} as const
