/** Every receipt query (lists, one receipt) lives under this key. */
export const receiptsKey = ['receipts'] as const
