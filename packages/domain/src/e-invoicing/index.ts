export * from './dto'
export * from './lifecycle'
export * from './messages'
export * from './schemas'
