export * from './rules'
export * from './schedule'
export * from './status'
