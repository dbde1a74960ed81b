export * from './access'
