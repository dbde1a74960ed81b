export {
  addDays,
  addMonths,
  addYears,
  BUSINESS_YEARS,
  daysBetween,
  daysInMonth,
  endOfMonth,
  type IsoDate,
  isBusinessDate,
  isIsoDate,
  isLeapYear,
  isoWeekday,
  startOfMonth,
} from './calendar'
export { formatDateFr, formatDateLongFr, formatMonthYearFr, monthNameFr, parseDateFr } from './format'
export { canUseEndOfMonth, END_OF_MONTH_MIN_DAYS, paymentLimitDate, paymentTermLabel } from './payment-terms'
export { PARIS_TIME_ZONE, parisDayStart, todayInParis } from './today'
