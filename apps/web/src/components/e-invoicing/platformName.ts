/** The directory's platform types (UNCL 3035), in words; a platform's own name as it comes. */
const PLATFORM_TYPES: Record<string, string> = { WK: 'plateforme agréée', DFH: 'portail public de facturation' }

export const platformName = (platform: string) => PLATFORM_TYPES[platform] ?? `plateforme ${platform}`
