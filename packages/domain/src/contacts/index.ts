export {
  type ContactActivity,
  type ContactInvoiceRow,
  type ContactQuoteRow,
  summarizeContactActivity,
} from './activity'
export { contactGroupLetter, searchKey } from './search-key'
