import { useEffect, useState } from 'react'

/**
 * Whether the element has come near the screen (200 px ahead), once and for good: a thumbnail starts loading when
 * the user can see it, and stays drawn after. `always`: true from the start (no observer). Without
 * IntersectionObserver (jsdom), a lazy element is never seen.
 */
export function useVisible<T extends Element>(always: boolean) {
  const [element, setElement] = useState<T | null>(null)
  const [seen, setSeen] = useState(false)
  useEffect(() => {
    if (always || seen || !element || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true)
      },
      { rootMargin: '200px' },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [always, seen, element])
  return [setElement, always || seen] as const
}
