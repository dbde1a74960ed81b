import { z } from 'zod'
import { VEHICLE_TYPES, type VehicleType } from '../expenses/mileage'
import { messages } from '../messages/index'
import { compare, isPositive } from '../money/arithmetic'
import { quantityString } from '../money/schema'

const m = messages.expenses

const VEHICLE_TYPE_CODES = Object.keys(VEHICLE_TYPES) as [VehicleType, ...VehicleType[]]

/** A distance in km: a positive decimal, at most 2 decimals. */
const distance = () =>
  quantityString({ maxDecimals: 2, nonNegative: true }).refine(isPositive, { error: m.distanceInvalid })

/**
 * The inputs of a mileage-allowance line of an expense note (the barème kilométrique, expenses/mileage.ts): the
 * vehicle, its fiscal horsepower (not for a moped), the trip's distance and the year's. The amount is the scale's,
 * computed by the server for the note's date; the scale year is the server's to say.
 */
export const mileageFields = z
  .strictObject({
    vehicleType: z.enum(VEHICLE_TYPE_CODES, { error: messages.validation.choiceInvalid }),
    fiscalPower: z
      .number({ error: m.fiscalPowerRequired })
      .int({ error: m.fiscalPowerRequired })
      .min(1, { error: m.fiscalPowerRequired })
      .max(99, { error: m.fiscalPowerRequired })
      .nullish()
      .transform((value) => value ?? null),
    distanceKm: distance(),
    yearlyDistanceKm: distance(),
  })
  .superRefine((value, ctx) => {
    if (value.vehicleType !== 'cyclomoteur' && value.fiscalPower === null)
      ctx.addIssue({ code: 'custom', path: ['fiscalPower'], message: m.fiscalPowerRequired })
    if (compare(value.distanceKm, value.yearlyDistanceKm) > 0)
      ctx.addIssue({ code: 'custom', path: ['yearlyDistanceKm'], message: m.yearlyBelowTrip })
  })
export type MileageBody = z.input<typeof mileageFields>
export type MileageInput = z.output<typeof mileageFields>
