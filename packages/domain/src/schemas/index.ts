export * from './auth'
export * from './common'
export * from './me'
export * from './organization'
