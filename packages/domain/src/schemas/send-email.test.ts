import { describe, expect, it } from 'vitest'
import { messages } from '../messages/index'
import { sendEmailSchema, splitAddresses } from './send-email'

const valid = {
  emailRecipient: 'anne@client.fr',
  subject: 'Un document vous a été envoyé',
  contentMail: 'Bonjour',
  meInCopy: true,
}
const errorsOf = (input: Record<string, unknown>) => {
  const result = sendEmailSchema.safeParse(input)
  if (result.success) return {}
  const errors: Record<string, string[]> = {}
  for (const issue of result.error.issues) {
    const path = issue.path.join('.')
    errors[path] = [...(errors[path] ?? []), issue.message]
  }
  return errors
}

describe('sendEmailSchema (spec/sales.md §5 "Send-by-email")', () => {
  it('splits semicolon-separated recipients, drops blanks and duplicates, lower-cases', () => {
    const parsed = sendEmailSchema.parse({
      ...valid,
      emailRecipient: ' Anne@Client.fr ; bob@client.fr;;anne@client.fr;',
    })
    expect(parsed.emailRecipient).toEqual(['anne@client.fr', 'bob@client.fr'])
  })

  it('requires at least one recipient', () => {
    expect(errorsOf({ ...valid, emailRecipient: ' ; ' })).toEqual({ emailRecipient: [messages.validation.required] })
    expect(errorsOf({ ...valid, emailRecipient: undefined }).emailRecipient).toBeDefined()
  })

  it('names every bad address on its own', () => {
    expect(errorsOf({ ...valid, emailRecipient: 'ok@client.fr; pas-un-email; x@y' })).toEqual({
      emailRecipient: [messages.sending.invalidAddress('pas-un-email'), messages.sending.invalidAddress('x@y')],
    })
  })

  it('refuses an address carrying a display name or a header', () => {
    expect(errorsOf({ ...valid, ccMails: 'Anne <anne@client.fr>' }).ccMails).toEqual([
      messages.sending.invalidAddress('Anne <anne@client.fr>'),
    ])
    expect(errorsOf({ ...valid, bccMails: 'a@b.fr\r\nBcc: x@y.z' }).bccMails).toEqual([
      messages.sending.invalidAddress('a@b.fr\r\nBcc: x@y.z'),
    ])
  })

  it('leaves Cc and Bcc absent when they are empty, null or missing', () => {
    const parsed = sendEmailSchema.parse({ ...valid, ccMails: '', bccMails: null })
    expect(sendEmailSchema.parse(valid).ccMails).toBeUndefined()
    expect(parsed.ccMails).toBeUndefined()
    expect(parsed.bccMails).toBeUndefined()
    expect(sendEmailSchema.parse({ ...valid, ccMails: 'c@client.fr' }).ccMails).toEqual(['c@client.fr'])
  })

  it('refuses a subject with a line break (header injection) and an empty subject', () => {
    expect(errorsOf({ ...valid, subject: 'a\r\nBcc: x@y.z' })).toEqual({ subject: [messages.sending.subjectOneLine] })
    expect(errorsOf({ ...valid, subject: 'a\nb' })).toEqual({ subject: [messages.sending.subjectOneLine] })
    expect(errorsOf({ ...valid, subject: '   ' })).toEqual({ subject: [messages.validation.required] })
  })

  it('requires the message and ticks "me in copy" by default', () => {
    expect(errorsOf({ ...valid, contentMail: '' })).toEqual({ contentMail: [messages.validation.required] })
    expect(sendEmailSchema.parse({ ...valid, meInCopy: undefined }).meInCopy).toBe(true)
  })

  it('refuses more than 20 addresses in one list', () => {
    const many = Array.from({ length: 21 }, (_, i) => `a${i}@client.fr`).join(';')
    expect(errorsOf({ ...valid, emailRecipient: many }).emailRecipient).toEqual([messages.sending.tooManyAddresses(20)])
  })

  it('splitAddresses keeps the order as typed', () => {
    expect(splitAddresses('b@x.fr; a@x.fr')).toEqual(['b@x.fr', 'a@x.fr'])
  })
})
