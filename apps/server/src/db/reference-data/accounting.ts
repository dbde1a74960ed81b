import { DEFAULT_ACCOUNTING_ENTRY_IDS, type TaxRateCode, type TaxTypeCode } from '@app/domain'

/**
 * How the general accounting categories are built from pcg.csv (see build-seed.ts):
 * - four folders (code "0") at the top: Charges (class 6), Produits (class 7), Immobilisations, Trésorerie…;
 * - every account of classes 6 and 7 under its PCG parent (the class rows become the two first folders);
 * - a chosen few accounts of classes 1–5 under the two last folders, and the holding account 471000.
 * Tax type and rate: class 6 is bs (deductible goods and services) at the normal rate, class 7 is vt (sales), except
 * the prefixes below; a prefix rule applies to the account and to everything under it, the longest prefix winning.
 * A child always has its parent's tax type or ns (spec/money.md §5): the generator checks it.
 */

export type TaxRule = { type: TaxTypeCode; rate: TaxRateCode }

export const folders: (TaxRule & { id: number; name: string; description: string; pcgClass: string | null })[] = [
  {
    id: DEFAULT_ACCOUNTING_ENTRY_IDS.EXPENSES_FOLDER,
    name: 'Charges',
    description: 'Classe 6 du plan comptable : achats, services extérieurs, impôts et taxes, personnel…',
    pcgClass: '6',
    type: 'bs',
    rate: 'NOR',
  },
  {
    id: DEFAULT_ACCOUNTING_ENTRY_IDS.INCOME_FOLDER,
    name: 'Produits',
    description: 'Classe 7 du plan comptable : ventes, prestations de services, subventions, produits financiers…',
    pcgClass: '7',
    type: 'vt',
    rate: 'NOR',
  },
  {
    id: DEFAULT_ACCOUNTING_ENTRY_IDS.FIXED_ASSETS_FOLDER,
    name: 'Immobilisations',
    description:
      "Biens durables achetés pour l'activité (matériel, mobilier, logiciels) : amortis, pas passés en charge.",
    pcgClass: null,
    type: 'im',
    rate: 'NOR',
  },
  {
    id: DEFAULT_ACCOUNTING_ENTRY_IDS.BALANCE_FOLDER,
    name: 'Trésorerie, capitaux et tiers',
    description:
      'Opérations sans effet sur le résultat : apports, emprunts, virements internes, TVA, impôts, salaires…',
    pcgClass: null,
    type: 'ns',
    rate: 'NUL',
  },
]

/** First ids of each block, so that a block can grow without renumbering the next one. */
export const ID_BLOCKS = { class6: 100, class7: 400, fixedAssets: 600, balance: 700 } as const

export const classDefaults: Record<string, TaxRule> = {
  '6': { type: 'bs', rate: 'NOR' },
  '7': { type: 'vt', rate: 'NOR' },
}

/** Prefix → tax rule, for classes 6 and 7. */
export const taxRules: Record<string, TaxRule> = {
  // Not subject to VAT: stock variations, insurance (exempt), bank services (mostly exempt), taxes, personnel,
  // losses, financial and exceptional items, depreciation, income tax.
  '603': { type: 'ns', rate: 'NUL' },
  '616': { type: 'ns', rate: 'NUL' },
  '627': { type: 'ns', rate: 'NUL' },
  '6238': { type: 'ns', rate: 'NUL' },
  '6281': { type: 'ns', rate: 'NUL' },
  '63': { type: 'ns', rate: 'NUL' },
  '64': { type: 'ns', rate: 'NUL' },
  '653': { type: 'ns', rate: 'NUL' },
  '654': { type: 'ns', rate: 'NUL' },
  '655': { type: 'ns', rate: 'NUL' },
  '656': { type: 'ns', rate: 'NUL' },
  '657': { type: 'ns', rate: 'NUL' },
  '658': { type: 'ns', rate: 'NUL' },
  '66': { type: 'ns', rate: 'NUL' },
  '67': { type: 'ns', rate: 'NUL' },
  '68': { type: 'ns', rate: 'NUL' },
  '69': { type: 'ns', rate: 'NUL' },
  '71': { type: 'ns', rate: 'NUL' },
  '72': { type: 'ns', rate: 'NUL' },
  '74': { type: 'ns', rate: 'NUL' },
  '752': { type: 'ns', rate: 'NUL' },
  '753': { type: 'ns', rate: 'NUL' },
  '754': { type: 'ns', rate: 'NUL' },
  '755': { type: 'ns', rate: 'NUL' },
  '756': { type: 'ns', rate: 'NUL' },
  '758': { type: 'ns', rate: 'NUL' },
  '76': { type: 'ns', rate: 'NUL' },
  '77': { type: 'ns', rate: 'NUL' },
  '78': { type: 'ns', rate: 'NUL' },
  // Usual rate other than 20 %: books 5.5 %, travel and restaurants 10 %, authors' rights 10 %.
  '6181': { type: 'bs', rate: 'RED' },
  '6251': { type: 'bs', rate: 'INT' },
  '6257': { type: 'bs', rate: 'INT' },
  '6516': { type: 'bs', rate: 'INT' },
  '7516': { type: 'vt', rate: 'INT' },
}

/** Prefixes of accounts that bank transactions never use: kept in the tree, hidden in pickers (is_displayed false). */
export const hiddenPrefixes = [
  '603',
  '608',
  '655',
  '6612',
  '664',
  '667',
  '668',
  '68',
  '696',
  '698',
  '699',
  '71',
  '72',
  '747',
  '755',
  '761',
  '762',
  '767',
  '768',
  '78',
]

/** is_exp: money going out. Class 6 (but for its two income rows), fixed assets, and the balance accounts below. */
export const notExpensePrefixes = ['6989', '699']
/** is_sale: the sales accounts. */
export const salePrefixes = ['70']
/** is_cash: what a cash register or a cash sale uses (spec: cash sales suggest is_cash and is_sale categories). */
export const cashCodes = new Set([
  '701',
  '706',
  '707',
  '708',
  '606',
  '6063',
  '6064',
  '6068',
  '607',
  '6234',
  '6238',
  '6251',
  '6256',
  '6257',
  '626',
  '108',
  '411',
  '455',
  '580',
])

type CuratedEntry = TaxRule & { code: string; name?: string; isExp: boolean; hint?: string }

/** Fixed assets (folder Immobilisations). Names come from pcg.csv unless given. */
export const fixedAssets: CuratedEntry[] = [
  { code: '205', name: 'Logiciels, brevets, licences, marques', type: 'im', rate: 'NOR', isExp: true },
  { code: '2154', type: 'im', rate: 'NOR', isExp: true },
  { code: '2155', type: 'im', rate: 'NOR', isExp: true },
  { code: '2181', type: 'im', rate: 'NOR', isExp: true },
  {
    code: '2182',
    type: 'im',
    rate: 'NOR',
    isExp: true,
    hint: "La TVA sur l'achat d'une voiture de tourisme n'est pas déductible : choisis alors « Pas de TVA ».",
  },
  { code: '2183', type: 'im', rate: 'NOR', isExp: true },
  { code: '2184', type: 'im', rate: 'NOR', isExp: true },
  { code: '275', type: 'ns', rate: 'NUL', isExp: true },
]

/** Treasury, equity and third parties (folder Trésorerie, capitaux et tiers), all ns. */
export const balanceAccounts: CuratedEntry[] = [
  { code: '101', type: 'ns', rate: 'NUL', isExp: false },
  {
    code: '108',
    type: 'ns',
    rate: 'NUL',
    isExp: true,
    hint: "Apports et prélèvements personnels de l'entrepreneur individuel.",
  },
  { code: '164', type: 'ns', rate: 'NUL', isExp: true },
  { code: '401', type: 'ns', rate: 'NUL', isExp: true },
  { code: '411', type: 'ns', rate: 'NUL', isExp: false },
  { code: '421', type: 'ns', rate: 'NUL', isExp: true },
  { code: '431', type: 'ns', rate: 'NUL', isExp: true },
  { code: '437', type: 'ns', rate: 'NUL', isExp: true },
  { code: '444', type: 'ns', rate: 'NUL', isExp: true },
  { code: '44551', type: 'ns', rate: 'NUL', isExp: true },
  { code: '44567', type: 'ns', rate: 'NUL', isExp: false },
  { code: '455', type: 'ns', rate: 'NUL', isExp: true },
  { code: '530', type: 'ns', rate: 'NUL', isExp: false },
  { code: '580', type: 'ns', rate: 'NUL', isExp: true },
]

export const holding = {
  id: DEFAULT_ACCOUNTING_ENTRY_IDS.HOLDING,
  code: '471000',
  name: "Compte d'attente",
  parentId: DEFAULT_ACCOUNTING_ENTRY_IDS.BALANCE_FOLDER,
  hint: 'Pour une opération que tu ne sais pas encore classer : pense à la recatégoriser ensuite.',
  keywords: 'attente, à classer, inconnu, divers',
} as const

/** Search words (comma-separated) for the categories freelancers use most. */
export const keywords: Record<string, string> = {
  '6061': 'électricité, gaz, eau, énergie, carburant, essence, gazole',
  '6063': 'petit matériel, outillage, petit équipement',
  '6064': 'papeterie, fournitures de bureau, cartouches, encre',
  '607': 'marchandises, achats pour revente, stock',
  '611': 'sous-traitance, sous-traitant, freelance',
  '6132': 'loyer, bureau, local, coworking',
  '6135': 'location de matériel, location de véhicule, leasing',
  '614': 'charges locatives, copropriété',
  '615': 'entretien, réparation',
  '6156': 'maintenance, support informatique, hébergement web',
  '616': 'assurance, RC pro, responsabilité civile, multirisque',
  '6181': 'livres, presse, abonnement journal, documentation',
  '6185': 'colloque, séminaire, conférence, salon',
  '6226': 'honoraires, expert-comptable, avocat, comptable',
  '6227': "greffe, formalités, frais d'actes, huissier",
  '623': 'publicité, marketing, communication',
  '6231': 'annonces, Google Ads, Facebook Ads, LinkedIn Ads',
  '6234': 'cadeaux clients',
  '6236': 'impression, cartes de visite, flyers, catalogue',
  '6241': 'transport, livraison, frais de port, coursier',
  '6251': 'train, SNCF, avion, taxi, VTC, Uber, péage, parking, hôtel',
  '6256': 'mission, indemnités kilométriques, frais de mission',
  '6257': "restaurant, repas d'affaires, réception",
  '626': 'téléphone, internet, box, forfait mobile, timbres, La Poste, affranchissement',
  '627': 'frais bancaires, commission bancaire, abonnement bancaire, cotisation carte',
  '6281': 'cotisations professionnelles, syndicat, ordre professionnel',
  '63511': 'CFE, CVAE, cotisation foncière des entreprises',
  '644': 'rémunération du dirigeant, rémunération du gérant',
  '645': 'charges sociales, cotisations sociales',
  '6451': 'URSSAF',
  '646': 'URSSAF, cotisations TNS, SSI, CIPAV, retraite, cotisations personnelles',
  '651': 'logiciel, abonnement, SaaS, licence, application',
  '6611': "intérêts d'emprunt",
  '695': 'impôt sur les sociétés, IS',
  '701': 'ventes de produits, fabrication',
  '706': 'prestations, honoraires, missions, services, conseil, formation',
  '707': 'ventes de marchandises, revente',
  '708': 'activités annexes, refacturation',
  '7085': 'frais de port facturés, livraison',
  '74': "subvention, aide, ACRE, aide à l'embauche",
  '108': 'apport personnel, prélèvement personnel, virement personnel, retrait personnel',
  '164': "emprunt, prêt bancaire, échéance de prêt, remboursement d'emprunt",
  '401': 'règlement fournisseur',
  '411': 'règlement client, encaissement de facture',
  '421': 'salaire, paie, virement de salaire',
  '431': 'URSSAF salariés, charges sociales',
  '444': "acompte d'IS, solde d'IS, impôt sur les sociétés",
  '44551': 'TVA à payer, paiement de TVA, déclaration de TVA',
  '44567': 'remboursement de crédit de TVA',
  '455': "apport d'associé, remboursement d'associé, compte courant",
  '530': "retrait d'espèces, dépôt d'espèces, caisse",
  '580': "virement interne, transfert entre comptes, remise d'espèces",
  '205': 'logiciel, site internet, licence, marque, brevet',
  '2183': 'ordinateur, ordinateur portable, écran, imprimante, téléphone',
  '2184': 'mobilier, bureau, chaise, meuble',
  '2182': 'voiture, véhicule, scooter, vélo',
  '275': 'dépôt de garantie, caution',
}
