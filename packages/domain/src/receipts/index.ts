export * from './files'
