export { compactIdentifier, isLuhnValid, isValidSiren, isValidSiret, LA_POSTE_SIREN, sirenOfSiret } from './siren'
export { vatNumberFromSiren } from './vat-number'
