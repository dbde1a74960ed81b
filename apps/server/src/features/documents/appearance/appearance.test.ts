import { randomBytes } from 'node:crypto'
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { deflateSync } from 'node:zlib'
import { PDFDocument } from '@cantoo/pdf-lib'
import { describe, expect, it } from 'vitest'
import { Client, joinAsCollaborator, json, signUpWithOrganization, useTestContext } from '../../../../test/helpers'

const ctx = useTestContext()

// Test files made here ----------------------------------------------------------------------------------------------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}
const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** A real RGB PNG; `noise` fills it with random pixels, which deflate cannot shrink (a big file). */
function png(width: number, height: number, options: { noise?: boolean } = {}) {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8)
  const rows = Buffer.concat(
    Array.from({ length: height }, () =>
      Buffer.concat([Buffer.from([0]), options.noise ? randomBytes(width * 3) : Buffer.alloc(width * 3, 0x40)]),
    ),
  )
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: options.noise ? 0 : 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** A JPEG header with its frame (SOF0): enough for the dimensions to be read. */
const jpeg = (width: number, height: number) =>
  Buffer.from([
    ...[0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0],
    ...[
      0xff,
      0xc0,
      0,
      17,
      8,
      height >> 8,
      height & 255,
      width >> 8,
      width & 255,
      3,
      1,
      0x22,
      0,
      2,
      0x11,
      1,
      3,
      0x11,
      1,
    ],
    ...[0xff, 0xd9],
  ])

async function pdf(options: { password?: string } = {}) {
  const doc = await PDFDocument.create()
  doc.addPage([595, 842]).drawText('Papier à en-tête', { x: 50, y: 780 })
  if (options.password) doc.encrypt({ userPassword: options.password, ownerPassword: options.password })
  return Buffer.from(await doc.save())
}

/** A real multipart body, as a browser's FormData sends it. */
async function multipart(field: string, bytes: Buffer, name: string, type: string) {
  const form = new FormData()
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), name)
  const encoded = new Response(form)
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  }
}

async function upload(client: Client, field: string, bytes: Buffer, name = 'fichier.png', type = 'image/png') {
  const body = await multipart(field, bytes, name, type)
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/settings/files',
    remoteAddress: client.ip,
    headers: { ...(client.cookie ? { cookie: client.cookie } : {}), 'x-requested-with': 'fetch', ...body.headers },
    payload: body.payload,
  })
}

const storedFiles = async (organizationId: number) =>
  (await readdir(join(ctx.config.filesDir, `org-${organizationId}`, 'appearance')).catch(() => [] as string[])).filter(
    (name) => !name.endsWith('.type'),
  )

const fileOf = async (client: Client, kind: string) => {
  const settings = json(await client.get('/settings')).data
  const url: string | null =
    settings[{ logo: 'logoUrl', icon: 'iconUrl', background: 'backgroundUrl' }[kind] ?? 'backgroundNextPagesUrl']
  return { url, response: await client.get(`/settings/files/${kind}`) }
}

/** An owner and a collaborator who joined through an invitation. */
async function teamOfTwo() {
  const owner = await signUpWithOrganization(ctx.app)
  return { owner, collaborator: await joinAsCollaborator(ctx, owner) }
}

// Tests -------------------------------------------------------------------------------------------------------------

describe('the appearance files of documents', () => {
  it('stores a png logo and serves back the same bytes, with its URL in the settings', async () => {
    const { client, organization } = await signUpWithOrganization(ctx.app)
    expect(json(await client.get('/settings')).data.logoUrl).toBeNull()
    const logo = png(200, 100)
    const response = await upload(client, 'logo', logo)
    expect(response.statusCode, response.body).toBe(200)
    expect(json(response).data.logoUrl).toMatch(/^\/api\/v1\/settings\/files\/logo\?v=/)
    const { url, response: file } = await fileOf(client, 'logo')
    expect(url).toBe(json(response).data.logoUrl)
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-type']).toBe('image/png')
    expect(file.rawPayload.equals(logo)).toBe(true)
    expect(await storedFiles(organization.id)).toEqual([expect.stringMatching(/^logo-[0-9a-f]+\.png$/)])
  })

  it('accepts a jpeg icon whatever name and declared type it comes with', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const icon = jpeg(400, 300)
    const response = await upload(client, 'icon', icon, 'icone', 'application/octet-stream')
    expect(response.statusCode, response.body).toBe(200)
    const { response: file } = await fileOf(client, 'icon')
    expect(file.headers['content-type']).toBe('image/jpeg')
    expect(file.rawPayload.equals(icon)).toBe(true)
  })

  it('stores a PDF as the first-page and the next-pages background', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const background = await pdf()
    expect((await upload(client, 'background', background, 'fond.pdf', 'application/pdf')).statusCode).toBe(200)
    const next = await upload(client, 'background_next_pages', background, 'suite.pdf', 'application/pdf')
    expect(next.statusCode, next.body).toBe(200)
    expect(json(next).data.backgroundUrl).not.toBeNull()
    expect(json(next).data.backgroundNextPagesUrl).not.toBeNull()
    const { response: file } = await fileOf(client, 'background_next_pages')
    expect(file.headers['content-type']).toBe('application/pdf')
    expect(file.rawPayload.equals(background)).toBe(true)
  })

  it('refuses a text file named .png with a 415 and the spec message', async () => {
    const { client, organization } = await signUpWithOrganization(ctx.app)
    const response = await upload(client, 'logo', Buffer.from('bonjour, je suis du texte'), 'logo.png', 'image/png')
    expect(response.statusCode).toBe(415)
    expect(json(response).message).toBe("Le fichier n°1 n'est pas valide ! (Formats acceptés: png, jpeg)")
    expect(json(await client.get('/settings')).data.logoUrl).toBeNull()
    expect(await storedFiles(organization.id)).toEqual([])
  })

  it('refuses an image as a background: PDF only', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const response = await upload(client, 'background', png(10, 10), 'fond.pdf', 'application/pdf')
    expect(response.statusCode).toBe(415)
    expect(json(response).message).toBe("Le fichier n°1 n'est pas valide ! (Formats acceptés: pdf)")
  })

  it('refuses a 900x900 logo with a 422 naming the largest dimensions', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const response = await upload(client, 'logo', png(900, 900))
    expect(response.statusCode).toBe(422)
    expect(json(response).errors.logo).toEqual(['Ton image n°1 est trop grande ! (Dimensions max: 800x800 px)'])
  })

  it('refuses a 500x500 icon (400x400 at most) but takes it as a logo', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    expect((await upload(client, 'icon', jpeg(500, 500))).statusCode).toBe(422)
    expect((await upload(client, 'logo', jpeg(500, 500))).statusCode).toBe(200)
  })

  it('refuses a 600 Ko logo with a 413 and the spec message', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const big = png(450, 450, { noise: true })
    expect(big.length).toBeGreaterThan(600_000)
    const response = await upload(client, 'logo', big)
    expect(response.statusCode).toBe(413)
    expect(json(response).message).toBe('Ton fichier n°1 est trop volumineux ! (Taille max: 500 Ko)')
  })

  it('refuses a background over 1 Mo with a 413, and takes one just under it (beyond the catalogue image limit)', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const base = await pdf()
    const over = Buffer.concat([base, Buffer.alloc(1_000_001 - base.length, 0x20)])
    const response = await upload(client, 'background', over, 'fond.pdf', 'application/pdf')
    expect(response.statusCode).toBe(413)
    expect(json(response).message).toBe('Ton fichier n°1 est trop volumineux ! (Taille max: 1 Mo)')
    const under = Buffer.concat([base, Buffer.alloc(990_000 - base.length, 0x20)])
    const accepted = await upload(client, 'background', under, 'fond.pdf', 'application/pdf')
    expect(accepted.statusCode, accepted.body).toBe(200)
  })

  it('refuses a damaged PDF and an encrypted PDF with a 422', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const damaged = Buffer.from('%PDF-1.7\nceci ne ressemble à rien\n%%EOF')
    const first = await upload(client, 'background', damaged, 'fond.pdf', 'application/pdf')
    expect(first.statusCode).toBe(422)
    expect(json(first).errors.background).toEqual([
      "Ce PDF n'a pas pu être lu : il est peut-être protégé par un mot de passe ou endommagé.",
    ])
    const locked = await upload(client, 'background', await pdf({ password: 'secret' }), 'f.pdf', 'application/pdf')
    expect(locked.statusCode).toBe(422)
    expect(json(await client.get('/settings')).data.backgroundUrl).toBeNull()
  })

  it('keeps the previous logo when a new one is refused, and replaces it (deleting the old file) when accepted', async () => {
    const { client, organization } = await signUpWithOrganization(ctx.app)
    const first = png(100, 100)
    await upload(client, 'logo', first)
    const [firstFile] = await storedFiles(organization.id)
    expect((await upload(client, 'logo', png(900, 900))).statusCode).toBe(422)
    expect((await upload(client, 'logo', Buffer.from('texte'))).statusCode).toBe(415)
    expect((await fileOf(client, 'logo')).response.rawPayload.equals(first)).toBe(true)
    expect(await storedFiles(organization.id)).toEqual([firstFile])

    const second = jpeg(300, 300)
    expect((await upload(client, 'logo', second, 'b.jpg', 'image/jpeg')).statusCode).toBe(200)
    expect((await fileOf(client, 'logo')).response.rawPayload.equals(second)).toBe(true)
    const files = await storedFiles(organization.id)
    expect(files).toHaveLength(1)
    expect(files[0]).not.toBe(firstFile)
  })

  it('deletes a file: 204, no URL, 404 on the file, nothing left in storage; deleting again is harmless', async () => {
    const { client, organization } = await signUpWithOrganization(ctx.app)
    await upload(client, 'icon', png(64, 64))
    const response = await client.delete('/settings/files/icon')
    expect(response.statusCode).toBe(204)
    const { url, response: file } = await fileOf(client, 'icon')
    expect(url).toBeNull()
    expect(file.statusCode).toBe(404)
    expect(await storedFiles(organization.id)).toEqual([])
    expect((await client.delete('/settings/files/icon')).statusCode).toBe(204)
    expect((await client.delete('/settings/files/banniere')).statusCode).toBe(404)
  })

  it('answers 422 when the request carries no file of a known kind', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    expect((await upload(client, 'photo', png(10, 10))).statusCode).toBe(422)
  })

  it("never shows nor changes another organisation's files", async () => {
    const mine = await signUpWithOrganization(ctx.app)
    const theirs = await signUpWithOrganization(ctx.app)
    await upload(mine.client, 'logo', png(50, 50))
    expect((await theirs.client.get('/settings/files/logo')).statusCode).toBe(404)
    expect(json(await theirs.client.get('/settings')).data.logoUrl).toBeNull()
    await theirs.client.delete('/settings/files/logo')
    expect((await mine.client.get('/settings/files/logo')).statusCode).toBe(200)
  })
})

describe('the fonts of the picker', () => {
  it('serves the regular TTF of each font of the reference list, and 404 for another id', async () => {
    const client = new Client(ctx.app)
    const response = await client.get('/fonts/6/regular.ttf')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('font/ttf')
    // A TrueType file starts with the version 1.0 tag 00 01 00 00.
    expect([...response.rawPayload.subarray(0, 4)]).toEqual([0, 1, 0, 0])
    expect((await client.get('/fonts/99/regular.ttf')).statusCode).toBe(404)
  })

  it('answers 404, never a 500, for font ids of 2^40 and 2^53, and refuses them in the preview query', async () => {
    const client = new Client(ctx.app)
    for (const huge of [2 ** 40, 2 ** 53]) expect((await client.get(`/fonts/${huge}/regular.ttf`)).statusCode).toBe(404)
    const owner = await signUpWithOrganization(ctx.app)
    for (const huge of [2 ** 40, 2 ** 53]) {
      const response = await owner.client.get(`/settings/appearance/preview.pdf?fontId=${huge}`)
      expect(response.statusCode).toBe(400)
      expect(json(response).errors.fontId).toContain("Cette police n'existe pas.")
    }
  })
})

describe('appearance file requests', () => {
  it('answers 415 to an upload that is not multipart, and 422 to a multipart body without a file', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    expect((await client.post('/settings/files', {})).statusCode).toBe(415)
    const form = new FormData()
    form.append('note', 'pas un fichier')
    const encoded = new Response(form)
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/settings/files',
      remoteAddress: client.ip,
      headers: {
        ...(client.cookie ? { cookie: client.cookie } : {}),
        'x-requested-with': 'fetch',
        'content-type': encoded.headers.get('content-type') ?? '',
      },
      payload: Buffer.from(await encoded.arrayBuffer()),
    })
    expect(response.statusCode).toBe(422)
    expect(Object.keys(json(response).errors)).toEqual(['file'])
    expect((await client.get('/settings/files/signature')).statusCode).toBe(404)
  })
})

describe('who changes the appearance', () => {
  it('lets a collaborator see the logo but only the owner upload or remove it', async () => {
    const { owner, collaborator } = await teamOfTwo()
    await upload(owner.client, 'logo', png(40, 40))
    expect((await collaborator.client.get('/settings/files/logo')).statusCode).toBe(200)
    expect((await upload(collaborator.client, 'logo', png(20, 20))).statusCode).toBe(403)
    expect((await collaborator.client.delete('/settings/files/logo')).statusCode).toBe(403)
    expect((await owner.client.get('/settings/files/logo')).statusCode).toBe(200)
  })
})

describe('the colour and font of documents in PATCH /settings', () => {
  it('starts with black and Inter, then saves a colour (lower case) and a font', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const before = json(await client.get('/settings')).data
    expect(before).toMatchObject({ colorPrimary: '#000000', fontId: 1, fontTitle: 'Inter' })
    const response = await client.patch('/settings', { colorPrimary: '#1F3A93', fontId: 6 })
    expect(response.statusCode, response.body).toBe(200)
    expect(json(response).data).toMatchObject({ colorPrimary: '#1f3a93', fontId: 6, fontTitle: 'Merriweather' })
    expect(json(await client.get('/settings')).data).toMatchObject({
      colorPrimary: '#1f3a93',
      fontTitle: 'Merriweather',
    })
  })

  it('refuses a colour that is not #RRGGBB and a font missing from the reference list', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const colour = await client.patch('/settings', { colorPrimary: 'bleu' })
    expect(colour.statusCode).toBe(422)
    expect(json(colour).errors.colorPrimary).toEqual(['La couleur doit être au format #RRGGBB.'])
    const font = await client.patch('/settings', { fontId: 99 })
    expect(font.statusCode).toBe(422)
    expect(json(font).errors.fontId).toEqual(["Cette police n'existe pas."])
    expect(json(await client.get('/settings')).data).toMatchObject({ colorPrimary: '#000000', fontId: 1 })
  })
})
