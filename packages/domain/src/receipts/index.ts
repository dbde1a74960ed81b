export * from './files'
export * from './text'
