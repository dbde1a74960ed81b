import { z } from 'zod'
import { messages } from '../messages/index'
import { optionalText, requiredText } from './common'

/** spec/account.md §5 "Project/tutorial record": the overview's and the description's limits, with their messages. */
export const TUTORIAL_OVERVIEW_MAX = 4000
export const TUTORIAL_DESCRIPTION_MAX = 8000

const t = messages.tutorialRequest

/**
 * POST /tutorial-requests: what the person asks a tutorial about and where they were (the screen's name, its path
 * and host). Who asks and for which organisation come from the session, never from the body.
 */
export const tutorialRequestSchema = z.strictObject({
  name: requiredText(),
  screenName: optionalText(),
  pathName: requiredText(2000),
  hostName: requiredText(),
  overview: z
    .string({ error: messages.validation.required })
    .trim()
    .min(1, { error: messages.validation.required })
    .max(TUTORIAL_OVERVIEW_MAX, { error: t.overviewTooLong }),
  description: z
    .string({ error: messages.validation.required })
    .trim()
    .max(TUTORIAL_DESCRIPTION_MAX, { error: t.descriptionTooLong })
    .nullish()
    .transform((value) => (value ? value : null)),
})
export type TutorialRequestBody = z.input<typeof tutorialRequestSchema>
