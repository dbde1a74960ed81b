/** Text inputs are limited to 249 characters across the product (spec/money.md "Inputs"). */
export const TEXT_MAX = 249
