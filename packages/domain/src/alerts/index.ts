export * from './ceilings'
export * from './legalForm'
