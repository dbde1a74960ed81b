import type { FormPart } from './multipart'
import type { Plan } from './requests'

/** A plan made into what goes on the wire, with the run's credentials; and back into a curl line for a report. */

/** A body: text, or a multipart form (fetch writes its boundary and content type). */
export type HttpRequest = {
  method: string
  url: string
  headers: Record<string, string>
  body?: string | FormData
  /** The form's parts as sent, for the curl line of a report. */
  parts?: FormPart[]
}

export type Credentials = { identity: 'session'; cookie: string } | { identity: 'token'; token: string }

export function toHttp(plan: Plan, base: string, credentials: Credentials): HttpRequest {
  const headers: Record<string, string> = {}
  if (credentials.identity === 'session') {
    headers.cookie = credentials.cookie
    if (plan.method !== 'GET' && plan.csrf) headers['x-requested-with'] = 'fetch'
  } else headers.authorization = `Bearer ${credentials.token}`
  let body: string | FormData | undefined
  if (plan.body.kind === 'multipart') {
    const form = new FormData()
    for (const part of plan.body.parts) {
      if ('value' in part) form.append(part.name, part.value)
      else form.append(part.name, new Blob([part.bytes], { type: part.contentType }), part.filename)
    }
    return { method: plan.method, url: `${base}${plan.url}`, headers, body: form, parts: plan.body.parts }
  }
  if (plan.body.kind === 'json') {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(plan.body.value) ?? 'null'
  } else if (plan.body.kind === 'raw') {
    headers['content-type'] = plan.body.contentType
    body = plan.body.text
  }
  return { method: plan.method, url: `${base}${plan.url}`, headers, body }
}

const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`

/** A body with control characters (NUL…) cannot be a shell argument: printf writes it, curl reads it from stdin. */
const printfQuote = (text: string) =>
  shellQuote(
    text
      .replace(/\\/g, '\\\\')
      .replace(/%/g, '%%')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this escapes.
      .replace(/[\u0000-\u001f\u007f]/g, (char) => `\\${char.charCodeAt(0).toString(8).padStart(3, '0')}`),
  )

/** The request as a curl command line (the whole body, unless `maxBody` cuts it for a console report). */
export function curlOf(request: HttpRequest, maxBody = Infinity): string {
  const parts = ['curl', '-i', '-X', request.method, shellQuote(request.url)]
  for (const [name, value] of Object.entries(request.headers)) parts.push('-H', shellQuote(`${name}: ${value}`))
  if (request.parts) {
    // Each file's bytes in hexadecimal, written to a file of its name by the line before curl.
    const files: string[] = []
    request.parts.forEach((part, index) => {
      if ('value' in part) {
        const value = part.value.length > maxBody ? `${part.value.slice(0, maxBody)}…` : part.value
        parts.push('-F', shellQuote(`${part.name}=${value.replace(/^[@<]/, ' $&')}`))
        return
      }
      const hex = Buffer.from(part.bytes).toString('hex')
      files.push(
        `printf '%s' ${shellQuote(hex.length > maxBody ? `${hex.slice(0, maxBody)}…` : hex)} | xxd -r -p > part${index}`,
      )
      parts.push('-F', shellQuote(`${part.name}=@part${index};filename=${part.filename};type=${part.contentType}`))
    })
    return [...files, parts.join(' ')].join(' && ')
  }
  if (typeof request.body === 'string') {
    const body =
      request.body.length > maxBody
        ? `${request.body.slice(0, maxBody)}…(${request.body.length} characters in all)`
        : request.body
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters cannot be shell arguments.
    if (/[\u0000-\u001f\u007f]/.test(body)) return `printf ${printfQuote(body)} | ${parts.join(' ')} --data-binary @-`
    parts.push('--data-raw', shellQuote(body))
  }
  return parts.join(' ')
}
