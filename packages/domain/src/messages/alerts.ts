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
    /** The legal-form comparison (./alerts/legalForm.ts): social contributions only, from URSSAF's model. */
    legalForm: {
      title: {
        real: (saving: string) => `Le régime réel te ferait économiser environ ${saving} de cotisations par an`,
        micro: (saving: string) =>
          `Le régime de la micro-entreprise te ferait économiser environ ${saving} de cotisations par an`,
      },
      projected: (gains: string, expenses: string) =>
        `Sur ton rythme de cette année, ton chiffre d’affaires encaissé atteindrait ${gains} et tes charges ${expenses} sur douze mois.`,
      pastYear: (year: number, gains: string, expenses: string) =>
        `En ${year}, ton chiffre d’affaires encaissé était de ${gains} et tes charges de ${expenses}.`,
      towardsReal: (real: string, micro: string) =>
        `Au régime réel, tes cotisations sociales, calculées sur ton bénéfice, seraient d’environ ${real}, contre ${micro} en micro-entreprise, calculées sur ton chiffre d’affaires.`,
      towardsMicro: (micro: string, real: string) =>
        `En micro-entreprise, tes cotisations sociales, calculées sur ton chiffre d’affaires, seraient d’environ ${micro}, contre ${real} au régime réel, calculées sur ton bénéfice.`,
      caveat:
        'Estimation faite avec le modèle de calcul de l’Urssaf (mon-entreprise.urssaf.fr), hors impôt sur le revenu et hors ACRE : parles-en à ton expert-comptable avant de changer de régime.',
      card: 'Comparer les régimes',
      currentRegime: { micro: 'Micro-entreprise', real: 'Régime réel' },
      gains: 'Chiffre d’affaires encaissé',
      expenses: 'Charges',
      result: 'Bénéfice avant impôt',
      microContributions: 'Cotisations en micro-entreprise',
      realContributions: 'Cotisations au régime réel',
      saving: 'Économie par an',
      projectedNote: 'Projeté sur l’année',
      nature: { commerciale: 'Activité commerciale', artisanale: 'Activité artisanale', libérale: 'Activité libérale' },
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
