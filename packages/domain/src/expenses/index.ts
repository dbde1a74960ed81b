export * from './mileage'
export * from './notes'
