export * from './codes'
export { BIG_TRANSACTION_AMOUNT, isBigTransaction } from './money-sentences'
export * from './sentences'
