import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { messages } from '@app/domain'
import { describe, expect, it } from 'vitest'
import { type Client, json, signUpWithOrganization, useTestContext } from '../../../../test/helpers'

const ctx = useTestContext()

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('png-body')])
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('jpeg-body')])

const itemBody = {
  name: 'Lampe',
  reference: 'LAMPE-1',
  description: '',
  amount: '40',
  priceRule: 'HT',
  itemTypeId: 1,
  unitId: 3,
  accountingEntryId: 401,
}

async function newItem(client: Client): Promise<number> {
  const response = await client.post('/items', itemBody)
  expect(response.statusCode, response.body).toBe(201)
  return json(response).data.id
}

/** A real multipart body, as a browser's FormData sends it. */
async function multipart(bytes: Buffer, name = 'photo.png', type = 'image/png', field = 'image') {
  const form = new FormData()
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), name)
  const encoded = new Response(form)
  const contentType = encoded.headers.get('content-type') ?? ''
  return { payload: Buffer.from(await encoded.arrayBuffer()), headers: { 'content-type': contentType } }
}

const send = (
  client: Client,
  method: 'POST' | 'GET' | 'DELETE',
  url: string,
  body?: Awaited<ReturnType<typeof multipart>>,
) =>
  ctx.app.inject({
    method,
    url: `/api/v1${url}`,
    remoteAddress: client.ip,
    headers: {
      ...(client.cookie ? { cookie: client.cookie } : {}),
      ...(method === 'GET' ? {} : { 'x-requested-with': 'fetch' }),
      ...body?.headers,
    },
    ...(body ? { payload: body.payload } : {}),
  })

const upload = async (client: Client, id: number, ...args: Parameters<typeof multipart>) =>
  send(client, 'POST', `/items/${id}/image`, await multipart(...args))

const storedFiles = async (organizationId: number) =>
  readdir(join(ctx.config.filesDir, `org-${organizationId}`, 'items')).catch(() => [] as string[])

describe("a catalogue item's image", () => {
  it('stores a png and serves back the same bytes with its content type', async () => {
    const { client, organization } = await signUpWithOrganization(ctx.app)
    const id = await newItem(client)
    expect(json(await client.get(`/items/${id}`)).data.imageUrl).toBeNull()

    const response = await upload(client, id, PNG)
    expect(response.statusCode, response.body).toBe(200)
    expect(json(response).data.imageUrl).toBe(`/api/v1/items/${id}/image`)
    expect(json(await client.get(`/items/${id}`)).data.imageUrl).toBe(`/api/v1/items/${id}/image`)
    expect(json(await client.get(`/items?filter[id]=${id}`)).data[0].imageUrl).toBe(`/api/v1/items/${id}/image`)

    const image = await client.get(`/items/${id}/image`)
    expect(image.statusCode).toBe(200)
    expect(image.headers['content-type']).toBe('image/png')
    expect(image.rawPayload.equals(PNG)).toBe(true)
    expect((await storedFiles(organization.id)).filter((name) => name.endsWith('.png'))).toHaveLength(1)
  })

  it('accepts a jpeg, whatever name and declared type it comes with', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const id = await newItem(client)
    expect((await upload(client, id, JPEG, 'photo', 'application/octet-stream')).statusCode).toBe(200)
    const image = await client.get(`/items/${id}/image`)
    expect(image.headers['content-type']).toBe('image/jpeg')
    expect(image.rawPayload.equals(JPEG)).toBe(true)
  })

  it('refuses a text file named .png with a 415 and keeps no file', async () => {
    const { client, organization } = await signUpWithOrganization(ctx.app)
    const id = await newItem(client)
    const response = await upload(client, id, Buffer.from('bonjour'), 'faux.png', 'image/png')
    expect(response.statusCode).toBe(415)
    expect(json(response).message).toBe("Le fichier n°1 n'est pas valide ! (Formats acceptés: png, jpeg)")
    expect(json(await client.get(`/items/${id}`)).data.imageUrl).toBeNull()
    expect((await client.get(`/items/${id}/image`)).statusCode).toBe(404)
    expect(await storedFiles(organization.id)).toEqual([])
  })

  it('refuses a file over 1 Mo with a 413', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const id = await newItem(client)
    const big = Buffer.concat([PNG, Buffer.alloc(1_000_001)])
    const response = await upload(client, id, big)
    expect(response.statusCode).toBe(413)
    expect(json(response).message).toBe('Ton fichier n°1 est trop volumineux ! (Taille max: 1 Mo)')
    expect(json(await client.get(`/items/${id}`)).data.imageUrl).toBeNull()
  })

  it('replaces the previous image and deletes its file', async () => {
    const { client, organization } = await signUpWithOrganization(ctx.app)
    const id = await newItem(client)
    await upload(client, id, PNG)
    const [first] = await storedFiles(organization.id)
    expect((await upload(client, id, JPEG, 'b.jpg', 'image/jpeg')).statusCode).toBe(200)
    const files = (await storedFiles(organization.id)).filter((name) => !name.endsWith('.type'))
    expect(files).toHaveLength(1)
    expect(files[0]).not.toBe(first)
    expect((await client.get(`/items/${id}/image`)).rawPayload.equals(JPEG)).toBe(true)
  })

  it('deletes the image (204), then answers 404; deleting the item deletes its file', async () => {
    const { client, organization } = await signUpWithOrganization(ctx.app)
    const id = await newItem(client)
    await upload(client, id, PNG)
    expect((await send(client, 'DELETE', `/items/${id}/image`)).statusCode).toBe(204)
    expect((await client.get(`/items/${id}/image`)).statusCode).toBe(404)
    expect(json(await client.get(`/items/${id}`)).data.imageUrl).toBeNull()
    expect(await storedFiles(organization.id)).toEqual([])

    await upload(client, id, PNG)
    expect((await storedFiles(organization.id)).length).toBeGreaterThan(0)
    expect((await client.delete(`/items/${id}`)).statusCode).toBe(204)
    expect(await storedFiles(organization.id)).toEqual([])
  })

  it("answers 404 on another organisation's item, for every verb", async () => {
    const owner = await signUpWithOrganization(ctx.app)
    const other = await signUpWithOrganization(ctx.app)
    const id = await newItem(owner.client)
    await upload(owner.client, id, PNG)
    expect((await other.client.get(`/items/${id}/image`)).statusCode).toBe(404)
    expect((await upload(other.client, id, JPEG)).statusCode).toBe(404)
    expect((await send(other.client, 'DELETE', `/items/${id}/image`)).statusCode).toBe(404)
    expect((await owner.client.get(`/items/${id}/image`)).rawPayload.equals(PNG)).toBe(true)
  })

  it('never answers 5xx on a body that is not multipart or has no image', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const id = await newItem(client)
    const asJson = await client.post(`/items/${id}/image`, { image: 'x' })
    expect(asJson.statusCode).toBe(415)
    expect(json(asJson).message).toBe(messages.files.invalidFormat(1, 'png, jpeg'))
    const asText = await client.post(`/items/${id}/image`, 'image', { 'content-type': 'text/plain' })
    expect(asText.statusCode).toBe(415)
    const wrongField = await upload(client, id, PNG, 'a.png', 'image/png', 'file')
    expect(wrongField.statusCode).toBe(422)
    const broken = await client.post(`/items/${id}/image`, 'garbage', {
      'content-type': 'multipart/form-data; boundary=xyz',
    })
    expect(broken.statusCode).toBeGreaterThanOrEqual(400)
    expect(broken.statusCode).toBeLessThan(500)
    expect(json(await client.get(`/items/${id}`)).data.imageUrl).toBeNull()
  })
})
