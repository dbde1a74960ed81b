import { describe, expect, it } from 'vitest'
import { readReceiptText } from './text'

describe("a receipt's text", () => {
  it('gives the date, the totals, the number and the supplier of a French invoice', () => {
    const text = [
      'OVH SAS',
      '2 rue Kellermann',
      '59100 Roubaix',
      'Facture n° FR58412307',
      'Date de facture : 03/11/2026',
      'Hébergement Web Pro 1 100,00 €',
      'Total HT 1 100,00 €',
      'TVA 20 % 220,00 €',
      'Total TTC 1 320,00 €',
    ].join('\n')
    expect(readReceiptText(text)).toEqual({
      datedAt: '2026-11-03',
      taxIncluded: '1320.00',
      taxExcluded: '1100.00',
      reference: 'FR58412307',
      supplierName: 'OVH SAS',
    })
  })

  it('reads a ticket: written date, net to pay, HT from the VAT, no number', () => {
    const text = [
      'BOULANGERIE MARTIN',
      'Le 5 décembre 2026 à 08:12',
      '2 croissants 2,40',
      'TVA 5,5% 0,13',
      'NET A PAYER',
      '2,40 €',
    ].join('\n')
    expect(readReceiptText(text)).toEqual({
      datedAt: '2026-12-05',
      taxIncluded: '2.40',
      taxExcluded: '2.27',
      reference: null,
      supplierName: 'BOULANGERIE MARTIN',
    })
  })

  it("reads Carnet's own invoice PDF layout (pdf.js text of a real one)", () => {
    const text = [
      'Atelier Martin Facture',
      'N° F-2026-0001',
      "Date d'émission 25/11/2026",
      "Date d'échéance 25/12/2026",
      'ÉMETTEUR',
      'Atelier Martin',
      'SAS',
      'Total HT 300,00 €',
      'Total TVA 60,00 €',
      'Net à payer 360,00 €',
      'Paiement à 30 jours · Échéance le 25/12/2026',
    ].join('\n')
    expect(readReceiptText(text)).toEqual({
      datedAt: '2026-11-25',
      taxIncluded: '360.00',
      taxExcluded: '300.00',
      reference: 'F-2026-0001',
      supplierName: 'Atelier Martin',
    })
  })

  it('leaves out what it cannot read without doubt', () => {
    expect(readReceiptText('Total HT 120,00\nTotal TTC 100,00\nle 31/02/2026')).toMatchObject({
      datedAt: null,
      taxIncluded: '100.00',
      taxExcluded: null,
    })
    expect(readReceiptText('')).toEqual({
      datedAt: null,
      taxIncluded: null,
      taxExcluded: null,
      reference: null,
      supplierName: null,
    })
  })
})

type Receipt = { kind: string; text: string[]; read: ReturnType<typeof readReceiptText> }

const NBSP = '\u00a0'

/**
 * Everyday receipts as a PDF's text layer gives them (pdftotext -layout: columns apart by several spaces), each with
 * what a person reads on it. Written for these tests; the layouts are those of real French tickets and invoices.
 */
const EVERYDAY_RECEIPTS: Receipt[] = [
  {
    kind: 'a supermarket till receipt: "TOTAL", two "dont TVA" lines, a discount, the card and the change',
    text: [
      '          CARREFOUR MARKET',
      '         LYON CROIX-ROUSSE',
      '    112 boulevard de la Croix-Rousse',
      '             69004 LYON',
      '         Tel : 04 78 28 11 00',
      '  SIRET 451 321 335 00024   NAF 4711D',
      '',
      '15/03/26  18:42   Caisse 004   Ticket 1234',
      '',
      'LAIT DEMI-ECREME 1L x6                5,34',
      'PAIN DE MIE COMPLET                   1,89',
      'BANANES',
      '  1,254 kg  x  1,99 EUR/kg            2,50',
      'YAOURTS NATURE X12                    3,15',
      'CAFE MOULU 250G                       4,29',
      'SHAMPOOING DOUX 250ML                 2,95',
      'LESSIVE LIQUIDE 2L                    8,90',
      '                                ==========',
      'SOUS-TOTAL                           29,02',
      'REMISE FIDELITE LESSIVE              -1,00',
      'TOTAL ECONOMIES                       1,00',
      '7 ARTICLES',
      'TOTAL                                28,02',
      'dont TVA 5,5 %                        0,90',
      'dont TVA 20 %                         1,81',
      '',
      'CB EMV                               28,02',
      'A RENDRE                              0,00',
      '',
      '      CARTE BANCAIRE SANS CONTACT',
      '   A0000000421010',
      '   le 15/03/26 a 18:42:10',
      '   MONTANT = 28,02 EUR',
      '   DEBIT',
      '',
      '     MERCI DE VOTRE VISITE',
    ],
    read: {
      datedAt: '2026-03-15',
      taxIncluded: '28.02',
      taxExcluded: '25.31',
      reference: null,
      supplierName: 'CARREFOUR MARKET',
    },
  },
  {
    kind: 'a parking ticket: paid on the way out, the day after coming in',
    text: [
      'INDIGO',
      'Parking Lyon Part-Dieu Gare',
      'Boulevard Marius Vivier-Merle - 69003 Lyon',
      '',
      'REÇU DE PAIEMENT',
      'Ticket n° 004512887',
      'Entrée le 11/03/2026 à 20:05',
      'Sortie le 12/03/2026 à 07:48',
      'Durée : 11 h 43 min',
      '',
      'Montant TTC : 18,40 €',
      'dont TVA 20% : 3,07 €',
      'Payé par CB sans contact',
      'Merci de votre visite',
    ],
    read: {
      datedAt: '2026-03-12',
      taxIncluded: '18.40',
      taxExcluded: '15.33',
      reference: null,
      supplierName: 'INDIGO',
    },
  },
  {
    kind: 'a fuel station: litres at a three-decimal price, "Montant TTC", "TVA 20,0 %" and "Montant HT"',
    text: [
      '         TotalEnergies',
      '       RELAIS DES ALPES',
      '   Avenue de Grenoble - 38320 EYBENS',
      '        Tél 04 76 25 00 00',
      '',
      '12/03/2026              14:05:33',
      'Pompe 06',
      'GAZOLE',
      '32,45 L  x  1,859 EUR/L',
      '                        60,33 EUR',
      '',
      'Montant TTC             60,33 EUR',
      'TVA 20,0 %              10,06 EUR',
      'Montant HT              50,27 EUR',
      '',
      'CB                      60,33 EUR',
      'Ticket client - à conserver',
    ],
    read: {
      datedAt: '2026-03-12',
      taxIncluded: '60.33',
      taxExcluded: '50.27',
      reference: null,
      supplierName: 'TotalEnergies',
    },
  },
  {
    kind: 'a pharmacy: "Net à payer", a rate on each line, a VAT table of bases and amounts, cash and change',
    text: [
      'PHARMACIE DU MARCHÉ',
      'Claire Petit - Docteur en pharmacie',
      '8 place du Marché - 35000 RENNES',
      'Tél. 02 99 79 00 00',
      '',
      'Le 04/03/2026 à 10:21            Vendeur : AL',
      '',
      'DOLIPRANE 1000MG CPR B/8      1     2,18   TVA 2,1%',
      'SERUM PHYSIO 40 UNIDOSES      1     4,90   TVA 5,5%',
      'CREME MAINS 50ML              1     7,50   TVA 20%',
      '',
      'Net à payer                        14,58 €',
      '',
      'Taux TVA      Base HT      TVA',
      '  2,10 %         2,14     0,04',
      '  5,50 %         4,64     0,26',
      ' 20,00 %         6,25     1,25',
      '',
      'Espèces                            20,00 €',
      'Rendu                               5,42 €',
    ],
    read: {
      datedAt: '2026-03-04',
      taxIncluded: '14.58',
      taxExcluded: '13.03',
      reference: null,
      supplierName: 'PHARMACIE DU MARCHÉ',
    },
  },
  {
    kind: 'an online shop invoice: "Prix total TTC" column, "1 234,56 €" with a non-breaking space, order date below',
    text: [
      '                                                          FACTURE',
      'NUMERIQUE.FR SAS',
      "12 rue de l'Innovation",
      '75011 Paris',
      'RCS Paris 812 345 678 - TVA intracommunautaire FR23812345678',
      '',
      'Facture n° : FA-2026-031245                    Date de facture : 06/03/2026',
      'Commande n° : 402-8812-3311                    Date de commande : 04/03/2026',
      '',
      'Adresse de facturation                 Adresse de livraison',
      'Camille Bernard                        Camille Bernard',
      '5 impasse des Lilas                    5 impasse des Lilas',
      '69100 Villeurbanne                     69100 Villeurbanne',
      '',
      'Article                               Qté   Prix unitaire TTC   Prix total TTC',
      'Ordinateur portable ZenBook 14         1        1 129,00 €         1 129,00 €',
      'Souris sans fil MX Anywhere            1           79,90 €            79,90 €',
      'Housse 14 pouces                       1           19,67 €            19,67 €',
      'Livraison express                      1            5,99 €             5,99 €',
      '',
      `                                                 Total HT          1${NBSP}028,80${NBSP}€`,
      '                                                 TVA 20 %            205,76 €',
      `                                                 Total TTC         1${NBSP}234,56${NBSP}€`,
      '',
      'Payé le 06/03/2026 par carte bancaire : 1 234,56 €',
    ],
    read: {
      datedAt: '2026-03-06',
      taxIncluded: '1234.56',
      taxExcluded: '1028.80',
      reference: 'FA-2026-031245',
      supplierName: 'NUMERIQUE.FR SAS',
    },
  },
  {
    kind: 'a restaurant: "Total : 47,50 €" and "dont TVA 10 % : 4,32", the legal form on a SIRET line',
    text: [
      'LE BISTROT DES HALLES',
      '3 rue des Halles - 75001 PARIS',
      'SARL BDH - SIRET 512 345 678 00019',
      '',
      'Table 12      Couverts 2      Serveur : Marc',
      'Le 07/03/2026 à 13:47',
      '',
      '2  Formule midi         2 x 19,50      39,00',
      '1  Café gourmand                        8,50',
      '',
      'Total : 47,50 €',
      'dont TVA 10 % : 4,32',
      '',
      'CB                                     47,50',
      'Service compris - Merci et à bientôt',
    ],
    read: {
      datedAt: '2026-03-07',
      taxIncluded: '47.50',
      taxExcluded: '43.18',
      reference: null,
      supplierName: 'LE BISTROT DES HALLES',
    },
  },
  {
    kind: 'a brasserie: food at 10 % and wine at 20 %, "TVA (10%)" lines, "TOTAL HT" that agrees',
    text: [
      'BRASSERIE LE COMPTOIR',
      '45 cours Mirabeau',
      '13100 Aix-en-Provence',
      '',
      'Ticket 0458        Table 7        08/03/2026 20:31',
      '',
      '1 Entrecôte frites                  24,00',
      '1 Salade César                      16,50',
      '2 Verre Côtes de Provence  2 x 6,50  13,00',
      '1 Tiramisu                           7,50',
      '1 Café                               2,50',
      '',
      'TOTAL TTC                           63,50 €',
      'TVA (10%)                            4,59 €',
      'TVA (20%)                            2,17 €',
      'TOTAL HT                            56,74 €',
      '',
      'Carte bancaire                      63,50 €',
    ],
    read: {
      datedAt: '2026-03-08',
      taxIncluded: '63.50',
      taxExcluded: '56.74',
      reference: null,
      supplierName: 'BRASSERIE LE COMPTOIR',
    },
  },
  {
    kind: 'a hotel invoice: dated lines of the stay, a VAT table with an exempt tourist tax, "Net à payer"',
    text: [
      'HÔTEL DU PARC ***',
      '14 avenue Jean Médecin',
      '06000 NICE',
      'Tél. 04 93 00 00 00 - contact@hotelduparc-nice.fr',
      'SAS Hôtelière du Parc au capital de 50 000 € - RCS Nice 498 765 432',
      '',
      'FACTURE N° H260312-0087',
      'Date : 12/03/2026',
      'Chambre 204       Arrivée : 10/03/2026       Départ : 12/03/2026',
      'M. Jean DUPONT',
      '',
      'Date         Libellé                      Qté       P.U.     Montant',
      '10/03/2026   Nuitée chambre double          1     110,00      110,00',
      '10/03/2026   Petit-déjeuner                 2      14,00       28,00',
      '11/03/2026   Nuitée chambre double          1     110,00      110,00',
      '11/03/2026   Petit-déjeuner                 2      14,00       28,00',
      '12/03/2026   Taxe de séjour                 4       1,65        6,60',
      '',
      'Total TTC                                                     282,60',
      '',
      'Taux             HT          TVA          TTC',
      '10,00 %      250,91        25,09       276,00',
      'Exonéré        6,60         0,00         6,60',
      '',
      'Net à payer                                                   282,60 €',
      'Réglé par carte bancaire le 12/03/2026',
    ],
    read: {
      datedAt: '2026-03-12',
      taxIncluded: '282.60',
      taxExcluded: '257.51',
      reference: 'H260312-0087',
      supplierName: 'HÔTEL DU PARC',
    },
  },
  {
    kind: 'a train ticket: "Prix total : 89,00 €", bought days before the journey',
    text: [
      'SNCF VOYAGEURS',
      'Justificatif de voyage',
      '',
      'Référence de dossier : QXKZ4T',
      "Date d'achat : 02/03/2026",
      '',
      'Aller : Lyon Part Dieu → Paris Gare de Lyon',
      'Le 15/03/2026 - Départ 07:04 - Arrivée 09:00',
      'TGV INOUI 6602 - Voiture 14 - Place 82',
      '1 Adulte - Tarif Business Première',
      '',
      'Prix total : 89,00 €',
      'dont TVA 10 % : 8,09 €',
      'Payé par carte bancaire le 02/03/2026',
    ],
    read: {
      datedAt: '2026-03-02',
      taxIncluded: '89.00',
      taxExcluded: '80.91',
      reference: null,
      supplierName: 'SNCF VOYAGEURS',
    },
  },
  {
    kind: 'a taxi note: the fare, then a supplement, then the sum to pay, VAT "incluse"',
    text: [
      'NOTE DE TAXI',
      'TAXI Laurent MOREAU',
      'Licence n° 69-0412 - Commune de Lyon',
      'SIRET 801 234 567 00015',
      'Véhicule AB-123-CD          Taximètre n° 4471',
      '',
      'Date : 09/03/2026',
      'Prise en charge : 22:41    Gare Part-Dieu',
      'Arrivée : 23:02            Aéroport Lyon Saint-Exupéry',
      'Tarif C (nuit)',
      '',
      'Montant de la course : 38,70 € TTC',
      'Supplément bagages : 2,00 €',
      'Somme à payer : 40,70 € TTC',
      'TVA 10 % incluse : 3,70 €',
      '',
      'Nom du client : ..........................',
    ],
    read: {
      datedAt: '2026-03-09',
      taxIncluded: '40.70',
      taxExcluded: '37.00',
      reference: null,
      supplierName: 'TAXI Laurent MOREAU',
    },
  },
  {
    kind: 'a hardware store: unit prices "€ TTC" on every line, "TOTAL 115,90 € TTC"',
    text: [
      'BRICO DÉPÔT VALENCE',
      'ZA Les Couleures - 26000 VALENCE',
      'Tél : 04 75 40 00 00',
      '',
      'Ticket de caisse n° 0026-118734',
      '11/03/2026  16:22     Caisse 3     Hôtesse : Nadia',
      '',
      'Réf.     Désignation                      Qté    P.U. TTC     Montant',
      '512874   Vis agglo 4x40 boîte 500           2   6,90 € TTC      13,80',
      '604411   Chevilles nylon 8 mm x100          1   4,50 € TTC       4,50',
      '700125   Perceuse visseuse 18 V             1  89,90 € TTC      89,90',
      '310098   Sacs à gravats 50 L x5             1   7,70 € TTC       7,70',
      '',
      'TOTAL                                   115,90 € TTC',
      'dont TVA 20 %                            19,32 €',
      'Réglé par CB                            115,90 €',
      '5 articles',
    ],
    read: {
      datedAt: '2026-03-11',
      taxIncluded: '115.90',
      taxExcluded: '96.58',
      reference: null,
      supplierName: 'BRICO DÉPÔT VALENCE',
    },
  },
  {
    kind: 'a bakery paid in cash: "TOTAL EUR", "TVA 5,50%", "ESPECES" and "RENDU"',
    text: [
      '   BOULANGERIE PÂTISSERIE DUVAL',
      '     27 rue Nationale 37000 TOURS',
      '',
      'Ticket n° 58712       Le 14/03/2026 08:12',
      '',
      '1 Baguette tradition          1,30',
      '4 Croissant        4 x 1,20   4,80',
      '1 Pain aux raisins            1,60',
      '',
      'TOTAL EUR                     7,70',
      'TVA 5,50%                     0,40',
      'ESPECES                      10,00',
      'RENDU                         2,30',
    ],
    read: {
      datedAt: '2026-03-14',
      taxIncluded: '7.70',
      taxExcluded: '7.30',
      reference: null,
      supplierName: 'BOULANGERIE PÂTISSERIE DUVAL',
    },
  },
  {
    kind: 'a furniture web shop: "2.349,90 EUR" with dots, "Montant total", "dont TVA (20%)", a dotted date',
    text: [
      'MEUBLES & CO',
      'Vente en ligne - www.meublesandco.fr',
      'Facture N° 2026-0003187',
      'Date de facturation : 09.03.2026',
      '',
      'Client : Sophie Laurent',
      'Désignation                           Quantité     Prix',
      'Canapé 3 places velours vert              1      1.899,00 EUR',
      'Table basse chêne                         1        389,00 EUR',
      'Livraison et installation                 1         61,90 EUR',
      '',
      'Montant total : 2.349,90 EUR',
      'dont TVA (20%) : 391,65 EUR',
      'Conditions : paiement à la commande',
    ],
    read: {
      datedAt: '2026-03-09',
      taxIncluded: '2349.90',
      taxExcluded: '1958.25',
      reference: '2026-0003187',
      supplierName: 'MEUBLES & CO',
    },
  },
  {
    kind: 'a hypermarket: "TOTAL A PAYER", then a VAT table by code with its own total row',
    text: [
      'E.LECLERC',
      'HYPERMARCHÉ DE BLAGNAC',
      '2 allée Émile Zola 31700 BLAGNAC',
      '',
      '  Date : 13/03/2026   Heure : 17:26   Caisse : 018',
      '',
      'EAU MINERALE 6X1,5L              1     2,10',
      'POULET FERMIER LABEL ROUGE       1    11,90',
      'POMMES GOLDEN 1,5KG              1     3,49',
      'FROMAGE COMTE 250G               1     5,80',
      'HUILE OLIVE 75CL                 1     8,95',
      'RIZ BASMATI 1KG                  1     2,45',
      'PATES FUSILLI 500G               2     1,78',
      'CHOCOLAT NOIR 70%                1     2,15',
      'PAPIER TOILETTE X12              1     5,99',
      'LIQUIDE VAISSELLE                1     1,95',
      'EPONGES X6                       1     2,93',
      '                                     --------',
      'TOTAL A PAYER                        49,49',
      'CARTE BANCAIRE                       49,49',
      '',
      'CODE   TAUX      HT      TVA      TTC',
      '  1    5,50   36,61     2,01    38,62',
      '  2   20,00    9,06     1,81    10,87',
      'TOTAL          45,67     3,82    49,49',
      '',
      'VOUS AVEZ ECONOMISE : 3,20 EUR',
      'MERCI DE VOTRE VISITE',
    ],
    read: {
      datedAt: '2026-03-13',
      taxIncluded: '49.49',
      taxExcluded: '45.67',
      reference: null,
      supplierName: 'E.LECLERC',
    },
  },
  {
    kind: 'a fast food: amounts written "18,50€" without a space',
    text: [
      'BURGER & CO',
      'Centre commercial Les 4 Temps',
      '92800 PUTEAUX',
      '',
      'Commande n° 247     À emporter',
      '16/03/2026 12:38',
      '',
      '1 Menu Classic Burger         9,90€',
      '1 Wrap poulet                 6,40€',
      '1 Cookie                      2,20€',
      '',
      'Total TTC                    18,50€',
      'TVA 5,5%                      0,96€',
      'Total HT                     17,54€',
      'CB                           18,50€',
    ],
    read: {
      datedAt: '2026-03-16',
      taxIncluded: '18.50',
      taxExcluded: '17.54',
      reference: null,
      supplierName: 'BURGER & CO',
    },
  },
  {
    kind: 'a bookshop: amounts written "EUR 44,10", ISBNs, paid by cheque',
    text: [
      'LIBRAIRIE LES MOTS PASSANTS',
      '6 rue de la République - 84000 AVIGNON',
      '',
      '17/03/2026  15:02  Vendeur 2',
      '',
      "9782070368228  L'Étranger                 EUR  8,30",
      '9782253004226  Germinal                   EUR 10,90',
      '9782081427525  Atlas des océans           EUR 24,90',
      '',
      'TOTAL                                     EUR 44,10',
      'TVA 5,5 %                                 EUR  2,30',
      'CHEQUE                                    EUR 44,10',
    ],
    read: {
      datedAt: '2026-03-17',
      taxIncluded: '44.10',
      taxExcluded: '41.80',
      reference: null,
      supplierName: 'LIBRAIRIE LES MOTS PASSANTS',
    },
  },
  {
    kind: 'a motorway toll: "Montant : 12,40 EUR TTC", a date with dashes',
    text: [
      'VINCI Autoroutes',
      'A7 - Gare de Vienne Reventin',
      '',
      'REÇU',
      'Date : 08-03-2026   Heure : 17:55',
      'Classe 1',
      'Entrée : Lyon Sud',
      'Montant : 12,40 EUR TTC',
      'dont TVA 20 % : 2,07 EUR',
      'Paiement : CB',
      'Bonne route !',
    ],
    read: {
      datedAt: '2026-03-08',
      taxIncluded: '12.40',
      taxExcluded: '10.33',
      reference: null,
      supplierName: 'VINCI Autoroutes',
    },
  },
  {
    kind: 'a phone bill: "Montant total TTC", a billed period and a due date after the invoice date',
    text: [
      'ALTITUDE TÉLÉCOM',
      'Service client : 39 00',
      '',
      'Votre facture mobile',
      'Facture n° 0123456789-0326',
      'Date de facture : 01/03/2026',
      'Période du 01/02/2026 au 28/02/2026',
      '',
      'Forfait 100 Go                                  16,66 €',
      'Hors forfait                                     0,00 €',
      '',
      'Montant HT                                      16,66 €',
      'TVA 20 %                                         3,33 €',
      'Montant total TTC                               19,99 €',
      '',
      'À payer avant le 15/03/2026 : 19,99 €',
      'Prélèvement sur le compte FR76 **** **** 4521',
    ],
    read: {
      datedAt: '2026-03-01',
      taxIncluded: '19.99',
      taxExcluded: '16.66',
      reference: '0123456789-0326',
      supplierName: 'ALTITUDE TÉLÉCOM',
    },
  },
  {
    kind: 'a museum: a written date, tickets at 5,5 % and an audio guide at 20 %',
    text: [
      'MUSÉE DES BEAUX-ARTS DE LYON',
      '20 place des Terreaux - 69001 LYON',
      '',
      'Billetterie - Caisse 2',
      'Le 10 mars 2026 à 14:20',
      '',
      '2 x Plein tarif                    2 x 12,00      24,00 €',
      '1 x Audioguide                                     4,00 €',
      '',
      'Total : 28,00 €',
      'TVA 5,5 %                                          1,25 €',
      'TVA 20 %                                           0,67 €',
    ],
    read: {
      datedAt: '2026-03-10',
      taxIncluded: '28.00',
      taxExcluded: '26.08',
      reference: null,
      supplierName: 'MUSÉE DES BEAUX-ARTS DE LYON',
    },
  },
  {
    kind: 'a garage invoice: "Total HT" as a column, decimal quantities, "Total TTC" and "Net à payer"',
    text: [
      'GARAGE DU CENTRE SARL',
      'Agent Renault - 4 route de Paris - 45000 ORLÉANS',
      'SIRET 389 456 123 00027 - TVA FR 45 389456123',
      '',
      'FACTURE N° 26-0412',
      'Orléans, le 05/03/2026',
      'Véhicule : Clio IV - AB-456-CD - 84 512 km',
      '',
      'Désignation                         Qté      P.U. HT      Total HT',
      'Vidange huile moteur 5W30           4,5        12,00         54,00',
      'Filtre à huile                        1        14,50         14,50',
      'Plaquettes de frein avant             1        68,00         68,00',
      "Main d'œuvre                        1,5        62,00         93,00",
      '',
      'Total HT                                                    229,50 €',
      'TVA 20 %                                                     45,90 €',
      'Total TTC                                                   275,40 €',
      'Net à payer                                                 275,40 €',
    ],
    read: {
      datedAt: '2026-03-05',
      taxIncluded: '275.40',
      taxExcluded: '229.50',
      reference: '26-0412',
      supplierName: 'GARAGE DU CENTRE SARL',
    },
  },
  {
    kind: 'a hair salon: "Net à payer : 45,00 €", paid in cash',
    text: [
      'Coiffure Élégance',
      'Salon mixte - 18 rue Carnot 74000 ANNECY',
      '',
      'Le 06/03/2026     Coiffeuse : Julie',
      '',
      'Coupe + brushing femme             38,00 €',
      'Soin profond                        7,00 €',
      '',
      'Net à payer : 45,00 €',
      'dont TVA 20 % : 7,50 €',
      'Payé en espèces',
    ],
    read: {
      datedAt: '2026-03-06',
      taxIncluded: '45.00',
      taxExcluded: '37.50',
      reference: null,
      supplierName: 'Coiffure Élégance',
    },
  },
  {
    kind: 'a florist: a day written in words, "TOTAL TTC", "TVA (10%)"',
    text: [
      'AU JARDIN DE LÉA',
      'Fleuriste - 2 place du Marché 33000 BORDEAUX',
      '',
      'Mardi 3 mars 2026',
      '',
      'Bouquet de saison                 35,00 €',
      '',
      'TOTAL TTC                         35,00 €',
      'TVA (10%)                          3,18 €',
    ],
    read: {
      datedAt: '2026-03-03',
      taxIncluded: '35.00',
      taxExcluded: '31.82',
      reference: null,
      supplierName: 'AU JARDIN DE LÉA',
    },
  },
  {
    kind: 'a marketplace invoice: "Numéro de facture", a written invoice date, "Total à payer EUR 42,48"',
    text: [
      'Facture',
      'LIVRESHOP EUROPE SARL',
      '1 allée des Libraires - 67000 Strasbourg',
      'Date de la facture : 5 mars 2026',
      'Numéro de facture : LS-FR-2026-558812',
      'Date de livraison : 7 mars 2026',
      '',
      'Description                          Qté    Prix unitaire      Total',
      'Casque audio Bluetooth ZX-200          1       EUR 34,99   EUR 34,99',
      'Câble USB-C 2 m                        1        EUR 7,49    EUR 7,49',
      '',
      'Total à payer                              EUR 42,48',
      'TVA 20%                                    EUR 7,08',
    ],
    read: {
      datedAt: '2026-03-05',
      taxIncluded: '42.48',
      taxExcluded: '35.40',
      reference: 'LS-FR-2026-558812',
      supplierName: 'LIVRESHOP EUROPE SARL',
    },
  },
  {
    kind: 'a ride-hailing receipt: a greeting above the name, "Total", "dont TVA (10 %)"',
    text: [
      'Reçu de votre course',
      'CAPITALE VTC',
      '12 mars 2026 à 23:14',
      'Départ : 8 rue de Rivoli, Paris',
      'Arrivée : Gare de Lyon, Paris',
      '',
      'Course                     23,45 €',
      'Total                      23,45 €',
      'dont TVA (10 %)             2,13 €',
      'Payé avec Visa •••• 4242',
    ],
    read: {
      datedAt: '2026-03-12',
      taxIncluded: '23.45',
      taxExcluded: '21.32',
      reference: null,
      supplierName: 'CAPITALE VTC',
    },
  },
  {
    kind: 'a post office: operations exempt from VAT, so no HT is given',
    text: [
      'LA POSTE',
      'Bureau de Poste Lyon Bellecour',
      '',
      '18/03/2026 09:47   Guichet 3',
      '',
      'Lettre recommandée R1 AR             5,36',
      'Carnet 12 timbres Lettre verte      13,92',
      '',
      'Montant total :                     19,28 €',
      'Opérations exonérées de TVA',
      'Réglé par carte                     19,28 €',
    ],
    read: {
      datedAt: '2026-03-18',
      taxIncluded: '19.28',
      taxExcluded: null,
      reference: null,
      supplierName: 'LA POSTE',
    },
  },
]

describe('everyday receipts', () => {
  it.each(EVERYDAY_RECEIPTS)('reads $kind', ({ text, read }) => {
    expect(readReceiptText(text.join('\n'))).toEqual(read)
  })
})

describe("a receipt's amounts", () => {
  const totalOf = (...lines: string[]) => readReceiptText(lines.join('\n')).taxIncluded

  it('reads amounts written with spaces, dots, non-breaking spaces, a glued € or a leading EUR', () => {
    expect(totalOf('Total TTC 1 234,56 €')).toBe('1234.56')
    expect(totalOf('Total TTC 1.234,56')).toBe('1234.56')
    expect(totalOf('Total TTC 1\u00a0234,56\u00a0€')).toBe('1234.56')
    expect(totalOf('Total TTC 1\u202f234,56 €')).toBe('1234.56')
    expect(totalOf('Total TTC 12 345 678,90 €')).toBe('12345678.90')
    expect(totalOf('TOTAL 12,50€')).toBe('12.50')
    expect(totalOf('Total à payer EUR 12,50')).toBe('12.50')
    expect(totalOf('Total TTC 1,234.56 EUR')).toBe('1234.56')
  })

  it('keeps columns apart: a quantity before a price is not a thousands group', () => {
    expect(totalOf('TOTAL       3       45,60')).toBe('45.60')
  })

  it('never takes what was tendered, given back, a subtotal, a discount or a VAT amount for the total', () => {
    expect(totalOf('CB EMV 28,02', 'A RENDRE 0,00')).toBeNull()
    expect(totalOf('ESPECES 50,00', 'RENDU 4,40')).toBeNull()
    expect(totalOf('SOUS-TOTAL 29,02', 'TOTAL REMISES 1,00')).toBeNull()
    expect(totalOf('Total HT 100,00', 'Total TVA 20,00')).toBeNull()
    expect(totalOf('dont TVA 20 % : 3,07 €')).toBeNull()
    expect(totalOf('SOUS-TOTAL 29,02', 'TOTAL 28,02', 'CB 28,02', 'TOTAL ECONOMIES 1,00')).toBe('28.02')
  })

  it('never takes a price of a line, even one said TTC', () => {
    expect(totalOf('Perceuse visseuse 18 V   1   89,90 € TTC   89,90', 'P.U. TTC 89,90 €')).toBeNull()
  })

  it('prefers the total said TTC to a plain "Total", and the last one to the first', () => {
    expect(totalOf('Total 50,00', 'Livraison 4,90', 'Total TTC 54,90')).toBe('54.90')
    expect(totalOf('Total TTC 10,00', 'Frais 2,00', 'Total TTC 12,00')).toBe('12.00')
  })

  it('reads VAT lines as receipts print them and adds up their rates', () => {
    const htOf = (...lines: string[]) => readReceiptText(['Total TTC 120,00 €', ...lines].join('\n')).taxExcluded
    expect(htOf('dont TVA 20 % : 20,00')).toBe('100.00')
    expect(htOf('TVA 20,0 % 20,00 EUR')).toBe('100.00')
    expect(htOf('TVA (20%) 20,00 €')).toBe('100.00')
    expect(htOf('T.V.A. 20 % 20,00')).toBe('100.00')
    expect(htOf('TVA 10 % sur 50,00 : 5,00', 'TVA 20 % sur 54,17 : 10,83')).toBe('104.17')
    expect(htOf('TVA 20 %   100,00   20,00   120,00')).toBe('100.00')
    expect(htOf('TVA 20 % 20,00', 'TVA 20 % 20,00')).toBe('100.00')
  })
})

describe("a receipt's number and supplier", () => {
  it('reads the invoice number however it is introduced, never a word after "Facture"', () => {
    expect(readReceiptText('Facture N°FA-2026-0012').reference).toBe('FA-2026-0012')
    expect(readReceiptText('N° de facture : 2026-118').reference).toBe('2026-118')
    expect(readReceiptText('Facture normale du mois').reference).toBeNull()
  })

  it('names the supplier from its trade name, never from a legal mention, a phone line or a heading', () => {
    const text = ['TICKET DE CAISSE', 'SIRET 451 321 335 00024', 'Tél. 04 78 28 11 00', 'ÉPICERIE DU COIN   Lyon 3e']
    expect(readReceiptText(text.join('\n')).supplierName).toBe('ÉPICERIE DU COIN')
  })
})

describe('layouts left unread on purpose', () => {
  it('labels printed in one column and their amounts in the next one: which goes with which is a guess', () => {
    const text = ['Total HT', 'TVA 20 %', 'Total TTC', '100,00 €', '20,00 €', '120,00 €'].join('\n')
    expect(readReceiptText(text)).toMatchObject({ taxIncluded: null, taxExcluded: null })
  })

  it('a total TTC and an amount to pay that disagree (a deposit paid before): no total', () => {
    const text = ['Total TTC 312,00 €', 'Acompte versé 100,00 €', 'Net à payer 212,00 €'].join('\n')
    expect(readReceiptText(text).taxIncluded).toBeNull()
  })

  it('an invoice already paid keeps its total TTC: a nil amount to pay is no total', () => {
    const text = ['Total TTC 360,00 €', 'Déjà réglé 360,00 €', 'Net à payer 0,00 €'].join('\n')
    expect(readReceiptText(text).taxIncluded).toBe('360.00')
  })

  it('a card slip alone: the amount paid is no total', () => {
    const text = ['CARTE BANCAIRE SANS CONTACT', 'le 15/03/26 a 18:42:10', 'MONTANT = 28,02 EUR', 'DEBIT'].join('\n')
    expect(readReceiptText(text)).toMatchObject({ datedAt: '2026-03-15', taxIncluded: null })
  })

  it('a negative total (a credit note) is not read', () => {
    expect(readReceiptText('Total TTC -12,00 €').taxIncluded).toBeNull()
  })

  it('the VAT in doubt leaves HT empty: two rates on one line, one rate with two amounts, a VAT above 20 %', () => {
    const htOf = (...lines: string[]) => readReceiptText(['Total TTC 28,00 €', ...lines].join('\n')).taxExcluded
    expect(htOf('TVA 5,5 % 1,25   TVA 20 % 0,67')).toBeNull()
    expect(htOf('TVA 20 % 1,00', 'TVA 20 % 2,00')).toBeNull()
    expect(htOf('TVA 20 % 8,00')).toBeNull()
    expect(htOf('TVA 20 % 3,00 28,00')).toBeNull()
  })

  it("an articles' table with a VAT column is no VAT table, and an article's rate is no VAT line", () => {
    const table = [
      'Désignation      Qté    PU HT    TVA    Total TTC',
      'Vis agglo          1    10,00    2,00       12,00',
      'Chevilles          1     5,00    1,00        6,00',
      'TVA 20 % 3,00',
      'Total TTC 18,00 €',
    ]
    expect(readReceiptText(table.join('\n')).taxExcluded).toBe('15.00')
    const rateOfArticle = ['CREME MAINS 50ML   TVA 20%', '7,50', 'Total TTC 7,50 €']
    expect(readReceiptText(rateOfArticle.join('\n')).taxExcluded).toBeNull()
  })

  it('a printed HT that is not the TTC less the VAT: HT is left empty', () => {
    const text = ['Total HT 90,00 €', 'TVA 20 % 20,00 €', 'Total TTC 120,00 €'].join('\n')
    expect(readReceiptText(text).taxExcluded).toBeNull()
  })

  it('a due date, a delivery or an arrival is never the receipt date; a phone number is no date', () => {
    expect(readReceiptText('Échéance le 25/12/2026').datedAt).toBeNull()
    expect(readReceiptText('Livraison prévue le 07/03/2026').datedAt).toBeNull()
    expect(readReceiptText('Arrivée : 10/03/2026\nNote du 12/03/2026').datedAt).toBe('2026-03-12')
    expect(readReceiptText('Tél. 01.23.45.67.89').datedAt).toBeNull()
  })
})
