import { Box } from '@mantine/core'
import { type MouseEvent, type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react'

/** Below this many pixels a press is a click (a row opens), beyond it a drag (the grid scrolls). */
const DRAG_THRESHOLD = 4

/**
 * A horizontally scrollable frame that also scrolls by dragging with the mouse (spec/account.md §2: the monthly grid
 * is drag-scrollable), for mice without a horizontal wheel. The wheel, the trackpad, the scrollbar and touch scroll it
 * as usual. The click that ends a drag is swallowed, so that dragging over a row does not open it.
 */
export function DragScroll({
  children,
  label,
  openingScroll,
  openingKey,
}: {
  children: ReactNode
  label?: string
  /** Where the frame opens, read from its laid-out content before it is painted; null leaves it at the start. */
  openingScroll?: (frame: HTMLDivElement) => number | null
  /** What the opening scroll depends on: it is taken again when this changes (another year), never on a re-render. */
  openingKey?: string
}) {
  const frame = useRef<HTMLDivElement>(null)
  const stopListening = useRef<(() => void) | null>(null)
  const swallowClick = useRef(false)
  const [dragging, setDragging] = useState(false)

  useEffect(() => () => stopListening.current?.(), [])

  // biome-ignore lint/correctness/useExhaustiveDependencies: the opening scroll is taken once per openingKey.
  useLayoutEffect(() => {
    const element = frame.current
    const left = element && openingScroll ? openingScroll(element) : null
    if (element && left !== null) element.scrollLeft = left
  }, [openingKey])

  function onMouseDown(event: MouseEvent<HTMLDivElement>) {
    const element = frame.current
    if (event.button !== 0 || !element) return
    const startX = event.clientX
    const startLeft = element.scrollLeft
    let moved = false
    // Listened on the window: the drag goes on when the pointer leaves the frame.
    const onMove = (move: globalThis.MouseEvent) => {
      const distance = move.clientX - startX
      if (!moved && Math.abs(distance) < DRAG_THRESHOLD) return
      if (!moved) setDragging(true)
      moved = true
      move.preventDefault()
      element.scrollLeft = startLeft - distance
    }
    const onUp = () => {
      swallowClick.current = moved
      // The click follows its mouseup at once; a drag released outside the grid gets none and must not eat the next.
      if (moved)
        setTimeout(() => {
          swallowClick.current = false
        }, 0)
      stop()
    }
    const stop = () => {
      window.removeEventListener('mousemove', onMove)
      window.removeEventListener('mouseup', onUp)
      stopListening.current = null
      setDragging(false)
    }
    stopListening.current?.()
    window.addEventListener('mousemove', onMove)
    window.addEventListener('mouseup', onUp)
    stopListening.current = stop
  }

  return (
    <Box
      ref={frame}
      role="region"
      aria-label={label}
      // A scrollable region is reached by keyboard, to scroll it with the arrows.
      tabIndex={0}
      onMouseDown={onMouseDown}
      onClickCapture={(event) => {
        if (!swallowClick.current) return
        swallowClick.current = false
        event.stopPropagation()
        event.preventDefault()
      }}
      style={{
        overflowX: 'auto',
        cursor: dragging ? 'grabbing' : 'grab',
        userSelect: dragging ? 'none' : undefined,
        border: '1px solid var(--mantine-color-default-border)',
        borderRadius: 'var(--mantine-radius-md)',
      }}
    >
      {children}
    </Box>
  )
}
