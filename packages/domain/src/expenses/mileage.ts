import { add, compare, divide, isPositive, multiply, toCents } from '../money/arithmetic'

export type VehicleType = 'voiture' | 'moto' | 'cyclomoteur'
export const VEHICLE_TYPES: Record<VehicleType, string> = {
  voiture: 'Voiture',
  moto: 'Moto (> 50 cm³)',
  cyclomoteur: 'Cyclomoteur (< 50 cm³)',
}

/** One row of the barème kilométrique: amount for a year = d × a + b, d the yearly distance in the band. */
export type MileageBand = {
  /** The income year the scale applies to (the 2025 scale is for 2024's income). */
  incomeYear: number
  vehicleType: VehicleType
  powerBand: string
  cvMin: number | null
  cvMax: number | null
  kmMin: number
  kmMax: number | null
  a: string
  b: string
}

/**
 * The barème kilométrique as published, dated by the income year it applies to (apps/server's reference-data
 * mileage_allowance.csv, from ../shared/data; a test there checks the two agree). A new year's scale is a new block
 * of rows: nothing else changes.
 */
export const MILEAGE_SCALE: readonly MileageBand[] = [
  {
    incomeYear: 2024,
    vehicleType: 'voiture',
    powerBand: '3 CV et moins',
    cvMin: null,
    cvMax: 3,
    kmMin: 0,
    kmMax: 5000,
    a: '0.529',
    b: '0',
  },
  {
    incomeYear: 2024,
    vehicleType: 'voiture',
    powerBand: '3 CV et moins',
    cvMin: null,
    cvMax: 3,
    kmMin: 5001,
    kmMax: 20000,
    a: '0.316',
    b: '1065',
  },
  {
    incomeYear: 2024,
    vehicleType: 'voiture',
    powerBand: '3 CV et moins',
    cvMin: null,
    cvMax: 3,
    kmMin: 20001,
    kmMax: null,
    a: '0.370',
    b: '0',
  },
  {
    incomeYear: 2024,
    vehicleType: 'voiture',
    powerBand: '4 CV',
    cvMin: 4,
    cvMax: 4,
    kmMin: 0,
    kmMax: 5000,
    a: '0.606',
    b: '0',
  },
  {
    incomeYear: 2024,
    vehicleType: 'voiture',
    powerBand: '4 CV',
    cvMin: 4,
    cvMax: 4,
    kmMin: 5001,
    kmMax: 20000,
    a: '0.340',
    b: '1330',
  },
  {
    incomeYear: 2024,
    vehicleType: 'voiture',
    powerBand: '4 CV',
    cvMin: 4,
    cvMax: 4,
    kmMin: 20001,
    kmMax: null,
    a: '0.407',
    b: '0',
  },
  {
    incomeYear: 2024,
    vehicleType: 'voiture',
    powerBand: '5 CV',
    cvMin: 5,
    cvMax: 5,
    kmMin: 0,
    kmMax: 5000,
    a: '0.636',
    b: '0',
  },
  {
    incomeYear: 2024,
    vehicleType: 'voiture',
    powerBand: '5 CV',
    cvMin: 5,
    cvMax: 5,
    kmMin: 5001,
    kmMax: 20000,
    a: '0.357',
    b: '1395',
  },
  {
    incomeYear: 2024,
    vehicleType: 'voiture',
    powerBand: '5 CV',
    cvMin: 5,
    cvMax: 5,
    kmMin: 20001,
    kmMax: null,
    a: '0.427',
    b: '0',
  },
  {
    incomeYear: 2024,
    vehicleType: 'voiture',
    powerBand: '6 CV',
    cvMin: 6,
    cvMax: 6,
    kmMin: 0,
    kmMax: 5000,
    a: '0.665',
    b: '0',
  },
  {
    incomeYear: 2024,
    vehicleType: 'voiture',
    powerBand: '6 CV',
    cvMin: 6,
    cvMax: 6,
    kmMin: 5001,
    kmMax: 20000,
    a: '0.374',
    b: '1457',
  },
  {
    incomeYear: 2024,
    vehicleType: 'voiture',
    powerBand: '6 CV',
    cvMin: 6,
    cvMax: 6,
    kmMin: 20001,
    kmMax: null,
    a: '0.447',
    b: '0',
  },
  {
    incomeYear: 2024,
    vehicleType: 'voiture',
    powerBand: '7 CV et plus',
    cvMin: 7,
    cvMax: null,
    kmMin: 0,
    kmMax: 5000,
    a: '0.697',
    b: '0',
  },
  {
    incomeYear: 2024,
    vehicleType: 'voiture',
    powerBand: '7 CV et plus',
    cvMin: 7,
    cvMax: null,
    kmMin: 5001,
    kmMax: 20000,
    a: '0.394',
    b: '1515',
  },
  {
    incomeYear: 2024,
    vehicleType: 'voiture',
    powerBand: '7 CV et plus',
    cvMin: 7,
    cvMax: null,
    kmMin: 20001,
    kmMax: null,
    a: '0.470',
    b: '0',
  },
  {
    incomeYear: 2024,
    vehicleType: 'moto',
    powerBand: '1 ou 2 CV',
    cvMin: 1,
    cvMax: 2,
    kmMin: 0,
    kmMax: 3000,
    a: '0.395',
    b: '0',
  },
  {
    incomeYear: 2024,
    vehicleType: 'moto',
    powerBand: '1 ou 2 CV',
    cvMin: 1,
    cvMax: 2,
    kmMin: 3001,
    kmMax: 6000,
    a: '0.099',
    b: '891',
  },
  {
    incomeYear: 2024,
    vehicleType: 'moto',
    powerBand: '1 ou 2 CV',
    cvMin: 1,
    cvMax: 2,
    kmMin: 6001,
    kmMax: null,
    a: '0.248',
    b: '0',
  },
  {
    incomeYear: 2024,
    vehicleType: 'moto',
    powerBand: '3, 4, 5 CV',
    cvMin: 3,
    cvMax: 5,
    kmMin: 0,
    kmMax: 3000,
    a: '0.468',
    b: '0',
  },
  {
    incomeYear: 2024,
    vehicleType: 'moto',
    powerBand: '3, 4, 5 CV',
    cvMin: 3,
    cvMax: 5,
    kmMin: 3001,
    kmMax: 6000,
    a: '0.082',
    b: '1158',
  },
  {
    incomeYear: 2024,
    vehicleType: 'moto',
    powerBand: '3, 4, 5 CV',
    cvMin: 3,
    cvMax: 5,
    kmMin: 6001,
    kmMax: null,
    a: '0.275',
    b: '0',
  },
  {
    incomeYear: 2024,
    vehicleType: 'moto',
    powerBand: 'plus de 5 CV',
    cvMin: 6,
    cvMax: null,
    kmMin: 0,
    kmMax: 3000,
    a: '0.606',
    b: '0',
  },
  {
    incomeYear: 2024,
    vehicleType: 'moto',
    powerBand: 'plus de 5 CV',
    cvMin: 6,
    cvMax: null,
    kmMin: 3001,
    kmMax: 6000,
    a: '0.079',
    b: '1583',
  },
  {
    incomeYear: 2024,
    vehicleType: 'moto',
    powerBand: 'plus de 5 CV',
    cvMin: 6,
    cvMax: null,
    kmMin: 6001,
    kmMax: null,
    a: '0.343',
    b: '0',
  },
  {
    incomeYear: 2024,
    vehicleType: 'cyclomoteur',
    powerBand: 'cylindrée < 50 cm3',
    cvMin: null,
    cvMax: null,
    kmMin: 0,
    kmMax: 2000,
    a: '0.315',
    b: '0',
  },
  {
    incomeYear: 2024,
    vehicleType: 'cyclomoteur',
    powerBand: 'cylindrée < 50 cm3',
    cvMin: null,
    cvMax: null,
    kmMin: 2001,
    kmMax: 5000,
    a: '0.079',
    b: '412',
  },
  {
    incomeYear: 2024,
    vehicleType: 'cyclomoteur',
    powerBand: 'cylindrée < 50 cm3',
    cvMin: null,
    cvMax: null,
    kmMin: 5001,
    kmMax: null,
    a: '0.198',
    b: '0',
  },
]

/** What a mileage line of an expense note stores: the vehicle, the trip and the year's distance, the scale used. */
export type MileageDetail = {
  vehicleType: VehicleType
  /** Fiscal horsepower (CV); null for a moped, whose scale does not depend on it. */
  fiscalPower: number | null
  /** This note's distance, in km. */
  distanceKm: string
  /** The distance driven for work over the year (the scale's d), in km; at least the note's distance. */
  yearlyDistanceKm: string
  /** The income year of the scale that gave the amount. */
  scaleYear: number
}

export type MileageAllowance = { amount: string; band: MileageBand; yearlyAmount: string; isLatestScale: boolean }

/** The scale for a trip's year: that year's, else the latest published before it (used until the next one is out). */
export function scaleYearFor(datedAt: string): number {
  const year = Number(datedAt.slice(0, 4))
  const years = [...new Set(MILEAGE_SCALE.map((band) => band.incomeYear))].sort((x, y) => x - y)
  return [...years].reverse().find((candidate) => candidate <= year) ?? (years[0] as number)
}

const inPowerBand = (band: MileageBand, power: number | null) =>
  band.vehicleType === 'cyclomoteur' ||
  (power !== null && (band.cvMin === null || power >= band.cvMin) && (band.cvMax === null || power <= band.cvMax))

/**
 * The allowance for a trip: the year's allowance for the yearly distance (d × a + b in its band), in proportion of the
 * trip's share of that distance, rounded half-up to the cent. Null when the inputs do not make a line (no distance, a
 * trip longer than the year, a car or motorbike without horsepower).
 */
export function mileageAllowance(detail: Omit<MileageDetail, 'scaleYear'>, datedAt: string): MileageAllowance | null {
  const { vehicleType, fiscalPower, distanceKm, yearlyDistanceKm } = detail
  if (!isPositive(distanceKm) || !isPositive(yearlyDistanceKm)) return null
  if (compare(distanceKm, yearlyDistanceKm) > 0) return null
  const scaleYear = scaleYearFor(datedAt)
  const band = MILEAGE_SCALE.find(
    (row) =>
      row.incomeYear === scaleYear &&
      row.vehicleType === vehicleType &&
      inPowerBand(row, fiscalPower) &&
      (row.kmMax === null || compare(yearlyDistanceKm, String(row.kmMax)) <= 0),
  )
  if (!band) return null
  const yearlyAmount = add(multiply(yearlyDistanceKm, band.a), band.b)
  const amount = toCents(divide(multiply(yearlyAmount, distanceKm), yearlyDistanceKm))
  return {
    amount,
    band,
    yearlyAmount: toCents(yearlyAmount),
    isLatestScale: scaleYear < Number(datedAt.slice(0, 4)),
  }
}
