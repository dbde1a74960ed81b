import { type ChangelogEntryDto, contentMessages } from '@app/domain'
import { Anchor, Badge, Group, Paper, Text } from '@mantine/core'
import { IconSpeakerphone } from '@tabler/icons-react'
import type { CSSProperties } from 'react'
import { Link } from 'react-router'
import classes from './NewsTicker.module.css'
import { CHANGELOG_TAG_COLORS, useChangelog } from './queries'

/** The latest news items the ticker runs through. */
export const TICKER_ITEMS = 10
/** spec/account.md §9: the ticker's speed scales with 10 times the item count (one loop: 10 s per item). */
export const tickerDurationSeconds = (count: number) => 10 * count

function TickerItem({ entry }: { entry: ChangelogEntryDto }) {
  const tag = entry.tags[0]
  return (
    <Group component="span" gap={6} wrap="nowrap">
      {tag ? (
        <Badge size="xs" variant="light" color={CHANGELOG_TAG_COLORS[tag]}>
          {contentMessages.news.tags[tag]}
        </Badge>
      ) : null}
      <Text component="span" size="sm">
        {entry.title}
      </Text>
    </Group>
  )
}

/**
 * The dashboard's news ticker (spec/account.md §2): one scrolling line of the latest items, held still on hover, with a
 * link to the news page; nothing at all when there is no news.
 */
export function NewsTicker() {
  const changelog = useChangelog(TICKER_ITEMS)
  const entries = changelog.data?.data ?? []
  if (entries.length === 0) return null
  const style = { '--ticker-duration': `${tickerDurationSeconds(entries.length)}s` } as CSSProperties

  return (
    <Paper withBorder radius="md" px="md" py={8} component="section" aria-label={contentMessages.news.ticker}>
      <Group gap="md" wrap="nowrap">
        <IconSpeakerphone size={18} aria-hidden style={{ flexShrink: 0 }} />
        <Anchor
          component={Link}
          to="/app/news"
          className={classes.ticker}
          style={{ flex: 1, minWidth: 0, color: 'inherit' }}
          underline="never"
          data-testid="news-ticker"
        >
          <span className={classes.track} style={style} data-duration={tickerDurationSeconds(entries.length)}>
            {entries.map((entry) => (
              <TickerItem key={entry.id} entry={entry} />
            ))}
            {/* The second copy only makes the loop seamless: screen readers read the items once. */}
            <Group component="span" gap="xl" wrap="nowrap" aria-hidden>
              {entries.map((entry) => (
                <TickerItem key={entry.id} entry={entry} />
              ))}
            </Group>
          </span>
        </Anchor>
        <Anchor component={Link} to="/app/news" size="sm" fw={600} style={{ flexShrink: 0 }} visibleFrom="sm">
          {contentMessages.news.seeAll}
        </Anchor>
      </Group>
    </Paper>
  )
}
