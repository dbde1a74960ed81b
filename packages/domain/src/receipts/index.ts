export * from './files'
export * from './matching'
export * from './text'
