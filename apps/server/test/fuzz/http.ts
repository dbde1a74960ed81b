import type { Plan } from './requests'

/** A plan made into what goes on the wire, with the run's credentials; and back into a curl line for a report. */

export type HttpRequest = { method: string; url: string; headers: Record<string, string>; body?: string }

export type Credentials = { identity: 'session'; cookie: string } | { identity: 'token'; token: string }

export function toHttp(plan: Plan, base: string, credentials: Credentials): HttpRequest {
  const headers: Record<string, string> = {}
  if (credentials.identity === 'session') {
    headers.cookie = credentials.cookie
    if (plan.method !== 'GET' && plan.csrf) headers['x-requested-with'] = 'fetch'
  } else headers.authorization = `Bearer ${credentials.token}`
  let body: string | undefined
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
  if (request.body !== undefined) {
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
