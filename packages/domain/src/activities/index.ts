export * from './codes'
export * from './sentences'
