// Small HTTP helpers of the stand-in PA: bodies, JSON answers, the XP Z12-013 Error body.

/** Reads the whole body; stops (null) past `limit` bytes so a huge upload answers 413 without filling memory. */
export function readBody(req, limit = Number.POSITIVE_INFINITY) {
  return new Promise((resolve, reject) => {
    const chunks = []
    let size = 0
    let over = false
    req.on('data', (chunk) => {
      size += chunk.length
      if (size > limit) over = true
      else chunks.push(chunk)
    })
    req.on('end', () => resolve(over ? null : Buffer.concat(chunks)))
    req.on('error', reject)
  })
}

export function sendJson(res, status, body, headers = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers })
  res.end(JSON.stringify(body))
}

/** The Error schema of both documents: errorCode (their examples' codes), errorMessage. */
export function sendError(res, status, errorCode, errorMessage) {
  sendJson(res, status, errorMessage === undefined ? { errorCode } : { errorCode, errorMessage })
}

export const notFound = (res, what = 'Requested resource is Not Found') => sendError(res, 404, 'MISSING_RESOURCE', what)
export const badRequest = (res, message) => sendError(res, 400, 'MISSING_REQUIRED_FIELD', message)

/** Parses a JSON body; answers 400 itself and gives undefined when it is not JSON. */
export function parseJson(res, buffer) {
  try {
    return JSON.parse(buffer.toString('utf8') || 'null')
  } catch {
    badRequest(res, 'Invalid request format: the body is not JSON')
    return undefined
  }
}

/** multipart/form-data through the platform's own parser (undici's Response.formData). */
export async function parseMultipart(contentType, buffer) {
  return new Response(buffer, { headers: { 'content-type': contentType } }).formData()
}

/** Strictly increasing instants, so that `updatedAfter` (strict) and the cursor never skip a flow updated in the same ms. */
let lastInstant = 0
export function nextInstant() {
  lastInstant = Math.max(Date.now(), lastInstant + 1)
  return new Date(lastInstant).toISOString()
}
