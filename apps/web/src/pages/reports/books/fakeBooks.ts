import type { BookDto } from '@app/domain'

/** A book as the API answers it (GET /reports/books/{kind}): two months of 2026, a reference longer than 8 characters. */
export const incomeBook = (overrides: Partial<BookDto> = {}): BookDto => ({
  kind: 'income',
  from: '2026-01-01',
  to: '2026-12-31',
  months: [
    {
      month: '2026-03',
      label: 'mars 2026',
      rows: [
        {
          date: '2026-03-20',
          reference: 'F-2026-0001',
          contact: 'Danone',
          category: 'Encaissement facture',
          mode: 'Compte pro',
          amount: '1200.00',
        },
        {
          date: '2026-03-28',
          reference: 'T42',
          contact: null,
          category: 'Prestations de services',
          mode: 'Caisse',
          amount: '35.50',
        },
      ],
      totalMonth: '1235.50',
    },
    {
      month: '2026-05',
      label: 'mai 2026',
      rows: [
        {
          date: '2026-05-02',
          reference: 'VIR-123456789',
          contact: 'Atelier Nord',
          category: 'Encaissement facture',
          mode: 'Compte pro',
          amount: '600.00',
        },
      ],
      totalMonth: '600.00',
    },
  ],
  totalYear: '1835.50',
  availableYears: [2026, 2024],
  ...overrides,
})
