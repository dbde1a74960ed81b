export * from './accounts'
export * from './organizations'
export * from './reference'
