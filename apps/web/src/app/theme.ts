import { TEXT_MAX } from '@app/domain'
import { createTheme, type MantineColorsTuple } from '@mantine/core'
import { textLimitContainer } from '../components/TextLimit'

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
    // Text inputs hold 249 characters everywhere (spec/money.md "Inputs"); a field may still set its own limit. The
    // limit is told, never cut: TextLimit takes the browser's maxLength away and says the maximum beside the field.
    TextInput: { defaultProps: { maxLength: TEXT_MAX, inputContainer: textLimitContainer } },
    Textarea: { defaultProps: { inputContainer: textLimitContainer } },
    // Accessible names in French: Mantine's own are English ("Toggle password visibility") or missing (close buttons,
    // calendar arrows; the calendar's month/year button keeps its visible text as its name). The password eye is a
    // toggle (aria-pressed), so one name fits both states. A component may still pass its own, more precise name.
    PasswordInput: { defaultProps: { visibilityToggleButtonProps: { 'aria-label': 'Afficher le mot de passe' } } },
    CloseButton: { defaultProps: { 'aria-label': 'Fermer' } },
    InputClearButton: { defaultProps: { 'aria-label': 'Effacer' } },
    PinInput: { defaultProps: { ariaLabel: 'Chiffre du code' } },
    ColorPicker: { defaultProps: { saturationLabel: 'Saturation', hueLabel: 'Teinte', alphaLabel: 'Opacité' } },
    ColorInput: { defaultProps: { eyeDropperButtonProps: { 'aria-label': "Prendre une couleur à l'écran" } } },
    // react-dropzone names its hidden file input "file upload".
    Dropzone: { defaultProps: { inputProps: { 'aria-label': 'Choisir un fichier' } } },
    Calendar: {
      defaultProps: {
        ariaLabels: {
          previousMonth: 'Mois précédent',
          nextMonth: 'Mois suivant',
          previousYear: 'Année précédente',
          nextYear: 'Année suivante',
          previousDecade: 'Décennie précédente',
          nextDecade: 'Décennie suivante',
        },
      },
    },
  },
})
