import { Center, Loader } from '@mantine/core'
import { type ComponentProps, type ComponentType, lazy, Suspense, useState } from 'react'

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
  const Lazy = lazy(() => load().then((module) => ({ default: pick(module) })))
  return function LazyPage(props: ComponentProps<Page>) {
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
  }
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
