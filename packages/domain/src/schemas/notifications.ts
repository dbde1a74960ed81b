import { z } from 'zod'
import { booleanQueryField, pagingFields, searchFields } from './lists'

/** GET /notifications: newest first; the panel asks the important ones, the badge the unread ones (their total). */
export const notificationListQuerySchema = z.strictObject({
  ...pagingFields(),
  ...searchFields(),
  'filter[important]': booleanQueryField().optional(),
  'filter[unread]': booleanQueryField().optional(),
})
export type NotificationListQuery = z.output<typeof notificationListQuerySchema>
