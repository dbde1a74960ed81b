export { compactIdentifier, isLuhnValid, isValidSiren, isValidSiret, LA_POSTE_SIREN, sirenOfSiret } from './siren'
export {
  checkVatNumber,
  compactVatNumber,
  sirenOfVatNumber,
  type VatNumberCheck,
  vatNumberFromSiren,
} from './vat-number'
