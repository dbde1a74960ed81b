export { type DashboardPeriod, defaultDashboardPeriod, fiscalYearLabel, fiscalYearOf } from './period'
export { TREND_FLAT_SHARE, type Trend, trendOf } from './trend'
