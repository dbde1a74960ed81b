export { checkFec, type FecCheck } from './check'
export {
  FEC_COLUMNS,
  FEC_LINE_END,
  FEC_SEPARATOR,
  type FecColumn,
  type FecLine,
  fecControlsAsSpaces,
  fecFileName,
  fecHeader,
  fecRow,
  fecText,
} from './format'
export {
  type FecLettering,
  fecLettering,
  LETTERED_ACCOUNTS,
  type LineToLetter,
  letteringCode,
  letteringOf,
  type SettledPiece,
} from './lettering'
