export * from './calendar'
export * from './figures'
export * from './payment-split'
export * from './scope'
