import { z } from 'zod'
import { ALERT_LEVELS, ALERT_TYPES, CEILING_ACTIVITIES } from '../alerts/ceilings'

const money = () => z.string().meta({ description: 'Montant décimal en chaîne ("31000.00")' })

export const ceilingSideSchema = z.object({
  current: money().meta({ description: 'Encaissé HT dans l’année civile' }),
  limit: money().meta({ description: 'Seuil de l’année' }),
  percentage: z.string().meta({ description: 'Part du seuil, en pour cent, arrondie à l’unité ("83")' }),
  tolerance: money().nullable().meta({ description: 'Seuil majoré de l’année en cours, s’il existe' }),
  level: z.enum(ALERT_LEVELS),
})

export const alertDtoSchema = z
  .object({
    /** The alert of this organisation, type and year: the id POST /alerts/{id}/check takes. */
    id: z.number().int(),
    type: z.enum(ALERT_TYPES),
    year: z.number().int(),
    /** Checked at the alert's current level or above: a graver level makes it unchecked again. */
    isChecked: z.boolean(),
    level: z.enum(ALERT_LEVELS),
    activity: z.enum(CEILING_ACTIVITIES),
    title: z.string(),
    description: z.string(),
    /** The whole turnover against the goods ceiling (the rule of a mixed activity). */
    commerce: ceilingSideSchema,
    /** The services turnover against the services ceiling. */
    service: ceilingSideSchema,
  })
  .meta({ id: 'Alert', description: 'Alerte de seuil (franchise en base de TVA, micro-entreprise)' })
export type AlertDto = z.infer<typeof alertDtoSchema>
