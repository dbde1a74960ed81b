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
