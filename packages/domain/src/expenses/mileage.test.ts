import { describe, expect, it } from 'vitest'
import { mileageAllowance, scaleYearFor } from './mileage'

describe('barème kilométrique', () => {
  it('gives the yearly amount of the scale for a whole year driven in one note (5 CV, 4,000 km: d × 0.636)', () => {
    const allowance = mileageAllowance(
      { vehicleType: 'voiture', fiscalPower: 5, distanceKm: '4000', yearlyDistanceKm: '4000' },
      '2024-06-30',
    )
    expect(allowance?.amount).toBe('2544.00')
    expect(allowance?.band.powerBand).toBe('5 CV')
  })

  it('takes a trip’s share of the year’s allowance in the middle band (d × 0.357 + 1395)', () => {
    // 12,000 km a year at 5 CV: 12,000 × 0.357 + 1,395 = 5,679 €; a 300 km trip is 300/12,000 of it: 141.975 → 141.98.
    const allowance = mileageAllowance(
      { vehicleType: 'voiture', fiscalPower: 5, distanceKm: '300', yearlyDistanceKm: '12000' },
      '2024-03-01',
    )
    expect(allowance).toMatchObject({ amount: '141.98', yearlyAmount: '5679.00' })
  })

  it('reads the open-ended bands at both ends (3 CV and less, 7 CV and more, mopeds without horsepower)', () => {
    const small = mileageAllowance(
      { vehicleType: 'voiture', fiscalPower: 2, distanceKm: '100', yearlyDistanceKm: '100' },
      '2024-01-10',
    )
    const big = mileageAllowance(
      { vehicleType: 'voiture', fiscalPower: 11, distanceKm: '25000', yearlyDistanceKm: '25000' },
      '2024-01-10',
    )
    const moped = mileageAllowance(
      { vehicleType: 'cyclomoteur', fiscalPower: null, distanceKm: '1000', yearlyDistanceKm: '1000' },
      '2024-01-10',
    )
    expect([small?.amount, big?.amount, moped?.amount]).toEqual(['52.90', '11750.00', '315.00'])
  })

  it('uses the latest published scale for a year not yet published, and says so', () => {
    expect(scaleYearFor('2026-11-25')).toBe(2024)
    const allowance = mileageAllowance(
      { vehicleType: 'moto', fiscalPower: 4, distanceKm: '100', yearlyDistanceKm: '100' },
      '2026-11-25',
    )
    expect(allowance).toMatchObject({ amount: '46.80', isLatestScale: true })
  })

  it('refuses what cannot make a line: no distance, a trip longer than the year, a car without horsepower', () => {
    expect(
      mileageAllowance(
        { vehicleType: 'voiture', fiscalPower: 5, distanceKm: '0', yearlyDistanceKm: '100' },
        '2024-01-01',
      ),
    ).toBeNull()
    expect(
      mileageAllowance(
        { vehicleType: 'voiture', fiscalPower: 5, distanceKm: '200', yearlyDistanceKm: '100' },
        '2024-01-01',
      ),
    ).toBeNull()
    expect(
      mileageAllowance(
        { vehicleType: 'voiture', fiscalPower: null, distanceKm: '10', yearlyDistanceKm: '100' },
        '2024-01-01',
      ),
    ).toBeNull()
  })
})
