export * from './api'
export * from './canonical'
export { cashJournalMessages } from './messages'
export * from './totals'
