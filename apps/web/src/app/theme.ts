import { TEXT_MAX } from '@app/domain'
import { createTheme, type MantineColorsTuple } from '@mantine/core'

/** A calm, deep teal (the logo's #1f6f5c family): readable on white and on dark surfaces. */
const teal: MantineColorsTuple = [
  '#e7f5f1',
  '#cfe9e1',
  '#a1d3c3',
  '#70bca3',
  '#48a888',
  '#319b78',
  '#23906e',
  '#1b7c5f',
  '#126c52',
  '#035b44',
]

const fontFamily = 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif'

export const theme = createTheme({
  primaryColor: 'teal',
  primaryShade: { light: 7, dark: 5 },
  colors: { teal },
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily,
  headings: { fontFamily, fontWeight: '650' },
  components: {
    Card: { defaultProps: { withBorder: true, radius: 'lg', padding: 'lg' } },
    Paper: { defaultProps: { radius: 'lg' } },
    Modal: { defaultProps: { radius: 'lg', centered: true } },
    Menu: { defaultProps: { radius: 'md', shadow: 'md' } },
    Alert: { defaultProps: { radius: 'md' } },
    // Text inputs stop at 249 characters everywhere (spec/money.md "Inputs"); a field may still set its own limit.
    TextInput: { defaultProps: { maxLength: TEXT_MAX } },
  },
})
