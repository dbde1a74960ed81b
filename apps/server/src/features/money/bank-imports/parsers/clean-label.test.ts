import { describe, expect, it } from 'vitest'
import { cleanLabel } from './index'

describe('cleanLabel', () => {
  it.each([
    // Card payments: prefix, card number, date and département go; the merchant stays.
    ['CARTE X1234 12/03 CARREFOUR CITY', 'Carrefour City'],
    ['PAIEMENT CB 1203 PARIS SNCF', 'Paris SNCF'],
    ['CB****1234 BOULANGERIE DE LA GARE', 'Boulangerie de la Gare'],
    ['PAIEMENT PAR CARTE 4974XXXXXXXX1234 DU 12/03/24 AMAZON EU SARL', 'Amazon EU SARL'],
    ['FACTURE CARTE DU 120322 SNCF INTERNET CARTE 4974XXXXXXXX1234', 'SNCF Internet'],
    ['250822 CB****3419 LABREDE OPTIQUE30BORDEAUX', 'Labrede Optique Bordeaux'],
    ["240822 CB****3419 COLOR'S        30BORDEAUX", "Color's Bordeaux"],
    ['CARTE 012345 CB:*0123456 LECLERC 33BORDEAUX', 'Leclerc Bordeaux'],
    ['RETRAIT DAB 12/03 PARIS 15', 'Retrait Paris 15'],
    // SEPA debits and transfers: a short readable word, ids and mandate fields gone.
    ['PRLV SEPA FREE MOBILE', 'Prlv Free Mobile'],
    [
      'PRLV SEPA DGFIP IMPOT ECH/150324 ID EMETTEUR/FR46ZZZ005002 MDT/++3F0000000 REF/0000000000123',
      'Prlv DGFIP Impot',
    ],
    ['PRLV XXXXXXXX ABONNEMENT ORANGE.NET N.EMETTEUR: 324411', 'Prlv Xxxxxxxx Abonnement Orange.net'],
    ['PRLV SEPA ONLINE SAS DEDIBOX 3706114', 'Prlv Online SAS Dedibox'],
    ['VIR SEPA RECU /DE M DUPONT JEAN /MOTIF FACTURE F-2026-0012', 'Vir M Dupont Jean - Facture F-2026-0012'],
    ['VIREMENT DE MR MARTIN', 'Vir Mr Martin'],
    ['VIR INST MA JOLIE BOUTIQUE facture F230875', 'Vir Ma Jolie Boutique facture F230875'],
    ['VIR RECU 508160 VIR RECU 1234567834S DE: Francois', 'Vir 508160 De: Francois'],
    // Cheques keep their number, other words get sensible capitals, mixed case stays as written.
    ['CHEQUE 0000377', 'Chèque 0000377'],
    ['REMISE CHEQUES 1234567', 'Remise chèque'],
    ['FRAIS TRIMESTRIELS', 'Frais Trimestriels'],
    ["L'ATELIER DE SAINT-ANDRE", "L'Atelier de Saint-Andre"],
    ['Econymo Software SARL', 'Econymo Software SARL'],
    ['COTISATION   JAZZ ', 'Cotisation Jazz'],
    ['CRÉDIT GROUPÉ BVR', 'Crédit Groupé BVR'],
  ])('%s → %s', (raw, clean) => {
    expect(cleanLabel(raw)).toBe(clean)
  })

  it('never returns an empty string: the raw label when nothing readable is left', () => {
    expect(cleanLabel('250822 CB****3419')).toBe('250822 CB****3419')
    expect(cleanLabel('LCL20000000142')).toBe('LCL20000000142')
    expect(cleanLabel('  \t ')).toBe('Sans libellé')
    expect(cleanLabel('')).toBe('Sans libellé')
  })

  it('stays fast and bounded on a huge label', () => {
    const label = cleanLabel(`PRLV SEPA ${'A1 '.repeat(100_000)}`)
    expect(label.length).toBeLessThanOrEqual(310)
  })
})
