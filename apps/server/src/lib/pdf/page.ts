/* The page every PDF we make shares (invoices, quotes, the CA3 return): its grid, inks and type sizes. */

/** A4 in PDF points, and the page grid every block aligns on. */
export const PAGE = { width: 595.28, height: 841.89 } as const
export const MARGIN = { left: 48, right: 48, top: 44, bottom: 64 } as const
export const CONTENT = {
  left: MARGIN.left,
  right: PAGE.width - MARGIN.right,
  width: PAGE.width - MARGIN.left - MARGIN.right,
}
/** Lowest y the body may reach; the footer lives below it. */
export const BODY_BOTTOM = PAGE.height - MARGIN.bottom

export const INK = { text: '#1f2328', muted: '#656d76', faint: '#8c959f', rule: '#d8dee4', zebra: '#f6f8fa' } as const

export const SIZE = { title: 24, heading: 9, body: 9, small: 7.5, label: 7 } as const
