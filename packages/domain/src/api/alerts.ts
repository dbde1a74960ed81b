import { z } from 'zod'
import { ALERT_LEVELS, CEILING_ACTIVITIES, CEILING_ALERT_TYPES } from '../alerts/ceilings'
import { ACTIVITY_NATURES, SOCIAL_REGIMES } from '../alerts/legalForm'

const money = () => z.string().meta({ description: 'Montant décimal en chaîne ("31000.00")' })

export const ceilingSideSchema = z.object({
  current: money().meta({ description: 'Encaissé HT dans l’année civile' }),
  limit: money().meta({ description: 'Seuil de l’année' }),
  percentage: z.string().meta({ description: 'Part du seuil, en pour cent, arrondie à l’unité ("83")' }),
  tolerance: money().nullable().meta({ description: 'Seuil majoré de l’année en cours, s’il existe' }),
  level: z.enum(ALERT_LEVELS),
})

const alertCommon = {
  /** The alert of this organisation, type and year: the id POST /alerts/{id}/check takes. */
  id: z.number().int(),
  year: z.number().int(),
  /** Checked at the alert's current level or above: a graver level makes it unchecked again. */
  isChecked: z.boolean(),
  level: z.enum(ALERT_LEVELS),
  title: z.string(),
  description: z.string(),
}

export const ceilingAlertDtoSchema = z
  .object({
    ...alertCommon,
    type: z.enum(CEILING_ALERT_TYPES),
    activity: z.enum(CEILING_ACTIVITIES),
    /** The whole turnover against the goods ceiling (the rule of a mixed activity). */
    commerce: ceilingSideSchema,
    /** The services turnover against the services ceiling. */
    service: ceilingSideSchema,
  })
  .meta({ id: 'CeilingAlert', description: 'Alerte de seuil (franchise en base de TVA, micro-entreprise)' })
export type CeilingAlertDto = z.infer<typeof ceilingAlertDtoSchema>

export const legalFormAlertDtoSchema = z
  .object({
    ...alertCommon,
    type: z.literal('LEGAL_FORM'),
    legalForm: z.object({
      current: z.enum(SOCIAL_REGIMES).meta({ description: 'Régime social actuel : micro-entreprise ou réel' }),
      suggested: z.enum(SOCIAL_REGIMES).meta({ description: 'Le régime qui coûterait moins cher' }),
      nature: z.enum(ACTIVITY_NATURES).meta({ description: 'Nature de l’activité retenue pour le calcul' }),
      period: z.object({
        from: z.string(),
        to: z.string(),
        projected: z.boolean().meta({ description: 'Chiffres de l’année en cours ramenés à douze mois' }),
      }),
      gains: money().meta({ description: 'Chiffre d’affaires encaissé HT, sur un an' }),
      expenses: money().meta({ description: 'Charges de l’année, hors cotisations de l’exploitant et impôt' }),
      resultBeforeTaxes: money(),
      micro: z.object({ urssafTotal: money().meta({ description: 'Cotisations et contributions en micro' }) }),
      real: z.object({ taxes: money().meta({ description: 'Cotisations et contributions au réel' }) }),
      difference: money().meta({ description: 'Économie annuelle du régime suggéré (plus de 500 €)' }),
    }),
  })
  .meta({
    id: 'LegalFormAlert',
    description:
      'Comparaison des régimes micro et réel, présente seulement quand l’autre régime fait économiser plus de 500 € par an',
  })
export type LegalFormAlertDto = z.infer<typeof legalFormAlertDtoSchema>

export const alertDtoSchema = z
  .discriminatedUnion('type', [ceilingAlertDtoSchema, legalFormAlertDtoSchema])
  .meta({ id: 'Alert', description: 'Alerte du tableau de bord' })
export type AlertDto = z.infer<typeof alertDtoSchema>
