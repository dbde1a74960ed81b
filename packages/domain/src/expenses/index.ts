export * from './mileage'
