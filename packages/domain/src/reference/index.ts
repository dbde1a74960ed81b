export * from './ids'
