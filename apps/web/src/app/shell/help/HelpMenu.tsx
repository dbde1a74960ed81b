import { contentMessages } from '@app/domain'
import { ActionIcon, Menu, Tooltip } from '@mantine/core'
import { IconHelpCircle, IconMessageQuestion, IconSchool, IconSpeakerphone } from '@tabler/icons-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { lazyModal } from '../../lazyPage'

// Loaded when opened: every page would otherwise download the form and its schema.
const TutorialRequestModal = lazyModal(
  () => import('./TutorialRequestModal'),
  (module) => module.TutorialRequestModal,
)

const TutorialDrawer = lazyModal(
  () => import('./TutorialDrawer'),
  (module) => module.TutorialDrawer,
)

/** The header's help panel (spec/account.md §2): this screen's tutorial, the product's news, a tutorial request. */
export function HelpMenu() {
  const [requestOpened, setRequestOpened] = useState(false)
  const [tutorialOpened, setTutorialOpened] = useState(false)
  return (
    <>
      <Menu position="bottom-end" width={240}>
        <Menu.Target>
          <Tooltip label="Aide" withinPortal>
            <ActionIcon variant="subtle" color="gray" size="lg" radius="xl" aria-label="Aide">
              <IconHelpCircle size={20} stroke={1.6} />
            </ActionIcon>
          </Tooltip>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>Aide</Menu.Label>
          <Menu.Item leftSection={<IconSchool size={16} />} onClick={() => setTutorialOpened(true)}>
            Tutoriel de cette page
          </Menu.Item>
          <Menu.Item component={Link} to="/app/news" leftSection={<IconSpeakerphone size={16} />}>
            {contentMessages.news.title}
          </Menu.Item>
          <Menu.Item leftSection={<IconMessageQuestion size={16} />} onClick={() => setRequestOpened(true)}>
            {contentMessages.tutorialRequest.title}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <TutorialRequestModal opened={requestOpened} onClose={() => setRequestOpened(false)} />
      <TutorialDrawer opened={tutorialOpened} onClose={() => setTutorialOpened(false)} />
    </>
  )
}
