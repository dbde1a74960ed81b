export * from './messages/index'
export * from './organizations/index'
export * from './schemas/index'
export * from './api/account'
