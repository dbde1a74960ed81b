/** Injected so that tests can move time (trial end, code expiry) without sleeping. */
export type Clock = () => Date

export const systemClock: Clock = () => new Date()

export const addMinutes = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000)
export const addDaysTo = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000)
