import { useEffect, useState } from 'react'

/** spec/sales.md §4 "Document refresh": a preview follows a change of its document 2 s later. */
export const PREVIEW_REFRESH_MS = 2000

/**
 * The version of a document a preview shows: its `updatedAt`, followed 2 s after it changes (a burst of changes
 * draws one PDF); another document (`key`) is shown at once.
 */
export function usePreviewVersion(key: string, updatedAt: string) {
  const [shown, setShown] = useState({ key, version: updatedAt })
  if (shown.key !== key) setShown({ key, version: updatedAt })
  useEffect(() => {
    if (shown.key !== key || shown.version === updatedAt) return
    const timer = setTimeout(() => setShown({ key, version: updatedAt }), PREVIEW_REFRESH_MS)
    return () => clearTimeout(timer)
  }, [key, shown, updatedAt])
  return shown.key === key ? shown.version : updatedAt
}
