export * from './months'
