export * from './reference'
export * from './accounts'
export * from './organizations'
