import { describe, expect, it } from 'vitest'
import { messages } from '../messages/index'
import { COMMENT_MAX, commentSchema, NOTE_MAX, noteSchema } from './comments'

const errorsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])

describe('comment schema', () => {
  it('trims the comment and makes it private by default', () => {
    expect(commentSchema.parse({ comment: '  Relancer lundi \n' })).toEqual({
      comment: 'Relancer lundi',
      isPublic: false,
    })
    expect(commentSchema.parse({ comment: 'Vu', isPublic: true }).isPublic).toBe(true)
  })

  it('requires a comment that is not blank, within its length', () => {
    expect(errorsOf(commentSchema.safeParse({ comment: '   ' }))).toEqual([['comment', messages.validation.required]])
    expect(errorsOf(commentSchema.safeParse({}))).toEqual([['comment', messages.validation.required]])
    expect(commentSchema.safeParse({ comment: 'a'.repeat(COMMENT_MAX) }).success).toBe(true)
    expect(errorsOf(commentSchema.safeParse({ comment: 'a'.repeat(COMMENT_MAX + 1) }))).toEqual([
      ['comment', messages.validation.tooLong(COMMENT_MAX)],
    ])
  })
})

describe('note schema', () => {
  it('keeps the note as typed, and reads a blank or missing note as empty (cleared)', () => {
    expect(noteSchema.parse({ comment: ' Ligne 1\nLigne 2 ' }).comment).toBe(' Ligne 1\nLigne 2 ')
    expect(noteSchema.parse({ comment: '   ' }).comment).toBe('')
    expect(noteSchema.parse({ comment: null }).comment).toBe('')
    expect(noteSchema.parse({}).comment).toBe('')
  })

  it('allows 2000 characters, not one more', () => {
    expect(noteSchema.safeParse({ comment: 'é'.repeat(NOTE_MAX) }).success).toBe(true)
    expect(errorsOf(noteSchema.safeParse({ comment: 'é'.repeat(NOTE_MAX + 1) }))).toEqual([
      ['comment', messages.validation.tooLong(2000)],
    ])
  })
})
