import dayjs from 'dayjs'
import 'dayjs/locale/fr'
import relativeTime from 'dayjs/plugin/relativeTime'

dayjs.extend(relativeTime)

/** An instant or a day of the subscription ("2026-03-03T10:00:00.000Z", "2026-03-03") as "03/03/2026". */
export const dayFr = (value: string) => dayjs(value).format('DD/MM/YYYY')

/** "dans 3 mois", "il y a 2 jours". */
export const relativeFr = (value: string, now: Date = new Date()) => dayjs(value).locale('fr').from(dayjs(now))
