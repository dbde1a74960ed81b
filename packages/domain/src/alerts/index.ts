export * from './ceilings'
