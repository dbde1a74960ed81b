export * from './months'
export * from './purchases'
