import { messages } from '@app/domain'
import { ActionIcon, Box, Group, Loader, Skeleton, Stack, Text } from '@mantine/core'
import { useElementSize, useMergedRef } from '@mantine/hooks'
import { IconChevronLeft, IconChevronRight, IconFileOff } from '@tabler/icons-react'
import { useContext, useEffect, useRef, useState } from 'react'
import { type PdfHandle, PdfLoaderContext } from './loader'
import { previewQueue } from './queue'
import { useVisible } from './useVisible'

/** A4 portrait: height / width. */
const A4 = Math.SQRT2

/** Sharp on high-density screens, without the memory of a 4x canvas for a thumbnail. */
const pixelRatio = () => Math.min(Math.max(window.devicePixelRatio || 1, 1), 3)

type Status = 'waiting' | 'loading' | 'ready' | 'error'

/**
 * A page of the PDF at `url` drawn on a canvas (pdf.js, loaded on first use): `width` CSS pixels wide (the
 * container's width when not given), `height` tall when given (the top of the page: the grid's 176x224), sharp on
 * high-density screens. A skeleton while loading, "Prévisualisation indisponible" when the PDF cannot be had. A new
 * `url` keeps the current image until the new one is drawn. `lazy`: loads only once on screen; `urgent`: goes before
 * the thumbnails waiting their turn; `withPages`: "Page 1/3" with previous and next for longer PDFs.
 */
export function PdfPreview({
  url,
  label,
  width,
  height,
  lazy = false,
  urgent = false,
  withPages = false,
}: {
  url: string | null
  /** The document's name: the canvas is "Aperçu de {label}". */
  label: string
  width?: number
  height?: number
  lazy?: boolean
  urgent?: boolean
  withPages?: boolean
}) {
  const loader = useContext(PdfLoaderContext)
  const size = useElementSize()
  const [visibleRef, visible] = useVisible<HTMLDivElement>(!lazy)
  const ref = useMergedRef(size.ref, visibleRef)
  const canvasRef = useRef<HTMLCanvasElement>(null)
  const drawWidth = Math.floor(width ?? size.width)

  const [handle, setHandle] = useState<PdfHandle | null>(null)
  /** The opened PDF still wanted: a render of a PDF freed meanwhile fails, and that failure is no error to show. */
  const openedRef = useRef<PdfHandle | null>(null)
  const [status, setStatus] = useState<Status>('waiting')
  const [drawn, setDrawn] = useState<{ width: number; height: number } | null>(null)
  const [page, setPage] = useState(1)
  const wanted = visible && url !== null
  /** A fixed-size preview without pages (a thumbnail) is never drawn again: its PDF is freed once drawn. */
  const keepOpen = withPages || width === undefined

  // Opens the PDF (while the layout gives the width); a new URL opens the new version and frees the old one.
  useEffect(() => {
    if (!wanted || url === null) return
    const abort = new AbortController()
    let opened: PdfHandle | null = null
    setStatus('loading')
    previewQueue(() => loader(url), { urgent, signal: abort.signal }).then(
      (pdf) => {
        if (abort.signal.aborted) return pdf.destroy()
        opened = pdf
        openedRef.current = pdf
        setPage((shown) => Math.min(shown, pdf.pageCount))
        setHandle(pdf)
      },
      () => {
        if (!abort.signal.aborted) setStatus('error')
      },
    )
    return () => {
      abort.abort()
      if (opened && openedRef.current === opened) {
        openedRef.current = null
        opened.destroy()
      }
      setHandle((shown) => (shown === opened ? null : shown))
    }
  }, [wanted, url, loader, urgent])

  // Draws the page at the wanted size; a newer request cancels the render under way.
  useEffect(() => {
    const canvas = canvasRef.current
    if (!handle || !canvas || drawWidth <= 0) return
    const abort = new AbortController()
    let cancel = () => {}
    previewQueue(
      () => {
        const task = handle.renderPage(page, canvas, { width: drawWidth, height, pixelRatio: pixelRatio() })
        cancel = task.cancel
        return task.promise
      },
      { urgent, signal: abort.signal },
    ).then(
      (result) => {
        if (abort.signal.aborted || openedRef.current !== handle) return
        setDrawn(result)
        setStatus('ready')
        if (!keepOpen) {
          openedRef.current = null
          handle.destroy()
        }
      },
      () => {
        if (!abort.signal.aborted && openedRef.current === handle) setStatus('error')
      },
    )
    return () => {
      abort.abort()
      cancel()
    }
  }, [handle, page, drawWidth, height, urgent, keepOpen])

  const boxWidth = width ?? '100%'
  const boxHeight = height ?? (drawn?.height || (drawWidth > 0 ? Math.round(drawWidth * A4) : undefined))
  const failed = status === 'error' || url === null
  const showImage = drawn !== null && !failed
  const pageCount = handle?.pageCount ?? 0

  return (
    <Stack gap={6} w={boxWidth} maw="100%">
      <Box
        ref={ref}
        pos="relative"
        w={boxWidth}
        maw="100%"
        h={failed || !showImage ? boxHeight : undefined}
        style={{
          overflow: 'hidden',
          borderRadius: 'var(--mantine-radius-sm)',
          // A shadow, not a border: the canvas keeps the box's exact size (176x224 in the grid).
          boxShadow: '0 0 0 1px var(--mantine-color-default-border)',
          background: showImage ? '#ffffff' : undefined,
          aspectRatio: boxHeight === undefined ? `1 / ${A4}` : undefined,
        }}
      >
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={`Aperçu de ${label}`}
          hidden={!showImage}
          style={{ display: showImage ? 'block' : 'none' }}
        />
        {failed ? (
          <Stack h="100%" align="center" justify="center" gap={6} p="sm" ta="center">
            <IconFileOff size={24} color="var(--mantine-color-dimmed)" aria-hidden />
            <Text size="xs" c="dimmed">
              {messages.documents.noPreview}
            </Text>
          </Stack>
        ) : showImage ? (
          status === 'loading' ? (
            <Loader size="xs" pos="absolute" top={6} right={6} aria-label="Actualisation de l'aperçu" />
          ) : null
        ) : (
          <Skeleton h="100%" w="100%" radius={0} aria-label="Chargement de l'aperçu" />
        )}
      </Box>
      {withPages && pageCount > 1 && !failed ? (
        <Group justify="center" gap="xs">
          <ActionIcon
            variant="subtle"
            aria-label="Page précédente"
            disabled={page <= 1}
            onClick={() => setPage((current) => Math.max(1, current - 1))}
          >
            <IconChevronLeft size={16} />
          </ActionIcon>
          <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
            Page {page}/{pageCount}
          </Text>
          <ActionIcon
            variant="subtle"
            aria-label="Page suivante"
            disabled={page >= pageCount}
            onClick={() => setPage((current) => Math.min(pageCount, current + 1))}
          >
            <IconChevronRight size={16} />
          </ActionIcon>
        </Group>
      ) : null}
    </Stack>
  )
}
