import { Center, Loader } from '@mantine/core'
import {
  type ComponentProps,
  type ComponentType,
  isValidElement,
  lazy,
  type ReactNode,
  Suspense,
  useState,
} from 'react'

/**
 * A page loaded when it is first shown: each page is its own script, so that signing in downloads the shell and the
 * dashboard, not the whole app (issue 17: the initial JavaScript of /app at most 250 KB gzip). The loader shows while
 * its script arrives; the same promise serves every later visit.
 */
// biome-ignore lint/suspicious/noExplicitAny: a page's props are whatever the page declares
export function lazyPage<Module, Page extends ComponentType<any>>(
  load: () => Promise<Module>,
  pick: (module: Module) => Page,
) {
  let loading: Promise<{ default: Page }> | undefined
  const preload = () => {
    loading ??= load().then((module) => ({ default: pick(module) }))
    return loading
  }
  const Lazy = lazy(preload)
  return Object.assign(
    function LazyPage(props: ComponentProps<Page>) {
      return (
        <Suspense
          fallback={
            <Center py="xl">
              <Loader aria-label="Chargement" />
            </Center>
          }
        >
          <Lazy {...props} />
        </Suspense>
      )
    },
    { preload },
  )
}

/**
 * Starts downloading the scripts of the lazy pages an element shows (through its gates and layouts), so that the
 * page's script comes with the shell's instead of after the session check that renders it.
 */
export function preloadPagesOf(element: ReactNode) {
  if (!isValidElement(element)) return
  const preload = (element.type as { preload?: () => unknown }).preload
  if (preload) void preload()
  const children = (element.props as { children?: ReactNode }).children
  if (Array.isArray(children)) for (const child of children) preloadPagesOf(child)
  else preloadPagesOf(children)
}

/**
 * A modal loaded the first time it opens, then kept mounted so that it closes with its transition: the shell's modals
 * (add an organisation, search) stay out of the script every page downloads.
 */
// biome-ignore lint/suspicious/noExplicitAny: a modal's props are whatever the modal declares
export function lazyModal<Module, Modal extends ComponentType<any>>(
  load: () => Promise<Module>,
  pick: (module: Module) => Modal,
) {
  const Lazy = lazy(() => load().then((module) => ({ default: pick(module) })))
  return function LazyModal(props: ComponentProps<Modal> & { opened: boolean }) {
    const [wanted, setWanted] = useState(props.opened)
    if (props.opened && !wanted) setWanted(true)
    if (!wanted) return null
    return (
      <Suspense fallback={null}>
        <Lazy {...(props as ComponentProps<Modal>)} />
      </Suspense>
    )
  }
}
