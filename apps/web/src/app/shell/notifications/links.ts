import type { NotificationDto } from '@app/domain'

/**
 * Where a notification leads: the show page of the document or transaction it speaks of, the bank accounts for a
 * lost synchronisation or a negative balance, the e-reporting page for a deadline; nowhere for a kind without a page.
 */
export function notificationLink(notification: Pick<NotificationDto, 'modelType' | 'modelId'>): string | null {
  const { modelType, modelId } = notification
  // A deadline speaks of a period, not of a row: the e-reporting page lists them.
  if (modelType === 'eReporting') return '/app/reports/e-reporting'
  if (modelId === null) return null
  switch (modelType) {
    case 'invoice':
      return `/app/sales/invoices/${modelId}/show`
    case 'quote':
      return `/app/sales/quotes/${modelId}/show`
    case 'transaction':
      return `/app/financial/bank/${modelId}/show`
    case 'receipt':
      return `/app/purchase/receipts/${modelId}`
    case 'journal':
    case 'bankConnection':
      return '/app/setting/financial'
    default:
      return null
  }
}
