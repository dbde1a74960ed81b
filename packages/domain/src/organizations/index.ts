export * from './access'
export * from './billing'
