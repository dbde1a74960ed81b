/**
 * The ceiling alerts of the dashboard (spec/account.md §2 "Alerts", §3 "Alert", §4 "Alerts"): the spec gives no text,
 * these are written in its tone (tu). Amounts come formatted ("37 500 €"): messages stay free of formatting code.
 */
export const alertMessages = {
  alerts: {
    premiumRequired:
      'Les alertes de seuils sont incluses dans les formules payantes et la période d’essai. Change de formule pour les suivre ici.',
    tab: 'Alertes',
    commercialTab: 'Commercial',
    blockTitle: 'Tes seuils de l’année',
    acknowledge: 'J’ai compris',
    modalTitle: 'Tes seuils de chiffre d’affaires',
    commerceSide: 'Chiffre d’affaires total (ventes et services)',
    serviceSide: 'Prestations de services',
    empty: 'Aucun seuil ne s’applique à ton entreprise pour cette année.',
    vat: {
      none: 'Seuil de la franchise en base de TVA',
      approaching: 'Tu approches du seuil de la franchise en base de TVA',
      crossed: 'Tu as dépassé le seuil de la franchise en base de TVA',
      toleranceExceeded: 'Tu as dépassé le seuil majoré de la franchise en base de TVA',
    },
    micro: {
      none: 'Plafond du régime de la micro-entreprise',
      approaching: 'Tu approches du plafond du régime de la micro-entreprise',
      crossed: 'Tu as dépassé le plafond du régime de la micro-entreprise',
      toleranceExceeded: 'Tu as dépassé le plafond du régime de la micro-entreprise',
    },
    /** For an organisation in franchise en base (tax-free): crossing means charging VAT. */
    vatFranchise: {
      none: (year: number, limit: string) =>
        `En ${year}, ton chiffre d’affaires encaissé reste sous le seuil de la franchise en base (${limit}) : tu factures sans TVA.`,
      approaching: (year: number, limit: string, tolerance: string) =>
        `En ${year}, ton chiffre d’affaires encaissé atteint 80 % du seuil de la franchise en base (${limit}). Au-delà, tu factureras la TVA à partir du 1er janvier ${year + 1} ; au-delà de ${tolerance}, dès le jour du dépassement.`,
      crossed: (year: number, limit: string, tolerance: string) =>
        `En ${year}, ton chiffre d’affaires encaissé dépasse le seuil de la franchise en base (${limit}) : tu factureras la TVA à partir du 1er janvier ${year + 1}. S’il dépasse ${tolerance}, la TVA sera due dès le jour du dépassement.`,
      toleranceExceeded: (year: number, _limit: string, tolerance: string) =>
        `En ${year}, ton chiffre d’affaires encaissé dépasse le seuil majoré de ${tolerance} : tu dois facturer la TVA sur tes opérations depuis le jour du dépassement. Change ton régime de TVA dans tes paramètres.`,
    },
    /** For an organisation that already charges VAT: the franchise is what it could return to. */
    vatPayer: {
      none: (year: number, limit: string) =>
        `En ${year}, ton chiffre d’affaires encaissé reste sous le seuil de la franchise en base (${limit}) : tu pourrais en bénéficier l’an prochain si tu n’as pas opté pour la TVA.`,
      approaching: (year: number, limit: string) =>
        `En ${year}, ton chiffre d’affaires encaissé atteint 80 % du seuil de la franchise en base (${limit}) : au-delà, tu ne pourras pas y revenir l’an prochain.`,
      crossed: (year: number, limit: string) =>
        `En ${year}, ton chiffre d’affaires encaissé dépasse le seuil de la franchise en base (${limit}) : tu continues de facturer la TVA.`,
      toleranceExceeded: (year: number, limit: string) =>
        `En ${year}, ton chiffre d’affaires encaissé dépasse le seuil de la franchise en base (${limit}) : tu continues de facturer la TVA.`,
    },
    microDescription: {
      none: (year: number, limit: string) =>
        `En ${year}, ton chiffre d’affaires encaissé reste sous le plafond de la micro-entreprise (${limit}).`,
      approaching: (year: number, limit: string) =>
        `En ${year}, ton chiffre d’affaires encaissé atteint 80 % du plafond de la micro-entreprise (${limit}). Le dépasser une année ne te fait pas perdre le régime ; deux années de suite, si.`,
      crossed: (year: number, limit: string) =>
        `En ${year}, ton chiffre d’affaires encaissé dépasse le plafond de la micro-entreprise (${limit}). S’il le dépasse encore en ${year + 1}, tu passeras au régime réel le 1er janvier ${year + 2}.`,
      toleranceExceeded: (year: number, limit: string) =>
        `En ${year}, ton chiffre d’affaires encaissé dépasse le plafond de la micro-entreprise (${limit}). S’il le dépasse encore en ${year + 1}, tu passeras au régime réel le 1er janvier ${year + 2}.`,
    },
  },
} as const
