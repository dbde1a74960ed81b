import { randomBytes } from 'node:crypto'
import {
  APPEARANCE_FILE_RULES,
  type AppearanceFileKind,
  canManageOrganization,
  looksLikePdf,
  messages,
  sniffImageType,
} from '@app/domain'
import { PDFDocument } from '@cantoo/pdf-lib'
import { imageSize } from 'image-size'
import type { DbOrTx } from '../../../db/client'
import type { Clock } from '../../../lib/clock'
import { AppError, forbidden, notFound } from '../../../lib/errors'
import type { Storage, StoredFile } from '../../../lib/storage'
import type { Tenant } from '../../../lib/tenant'
import type { SalesSettingsService } from '../../sales/sales-settings/service'
import { createAppearanceRepo } from './repo'

export const unsupportedFile = (kind: AppearanceFileKind) =>
  new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', messages.files.invalidFormat(1, APPEARANCE_FILE_RULES[kind].formats), {
    [kind]: [messages.files.invalidFormat(1, APPEARANCE_FILE_RULES[kind].formats)],
  })
export const fileTooLarge = (kind: AppearanceFileKind) =>
  new AppError(413, 'PAYLOAD_TOO_LARGE', messages.files.tooLarge(1, APPEARANCE_FILE_RULES[kind].maxLabel), {
    [kind]: [messages.files.tooLarge(1, APPEARANCE_FILE_RULES[kind].maxLabel)],
  })
const unprocessable = (kind: AppearanceFileKind, message: string) =>
  new AppError(422, 'VALIDATION_FAILED', message, { [kind]: [message] })

const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'application/pdf': 'pdf' }

/** The content type of an upload told by its bytes, after every rule of its kind (type, size, dimensions, PDF). */
async function checkedType(kind: AppearanceFileKind, body: Buffer): Promise<string> {
  const rule = APPEARANCE_FILE_RULES[kind]
  if (rule.maxPixels !== null) {
    const type = sniffImageType(body)
    if (!type || !rule.types.includes(type)) throw unsupportedFile(kind)
    if (body.length > rule.maxBytes) throw fileTooLarge(kind)
    let size: { width?: number; height?: number }
    try {
      size = imageSize(body)
    } catch {
      throw unsupportedFile(kind)
    }
    if (!size.width || !size.height) throw unsupportedFile(kind)
    if (size.width > rule.maxPixels || size.height > rule.maxPixels)
      throw unprocessable(
        kind,
        messages.settingsAppearance.dimensionsTooLarge(1, `${rule.maxPixels}x${rule.maxPixels} px`),
      )
    return type
  }
  if (!looksLikePdf(body)) throw unsupportedFile(kind)
  if (body.length > rule.maxBytes) throw fileTooLarge(kind)
  // The PDF renderer lays its first page under documents: a PDF it cannot open (damaged, encrypted) is refused now.
  try {
    const doc = await PDFDocument.load(body, { updateMetadata: false })
    if (doc.getPageCount() < 1) throw new Error('no page')
    await PDFDocument.create().then((probe) => probe.embedPdf(doc, [0]))
  } catch {
    throw unprocessable(kind, messages.settingsAppearance.pdfUnreadable)
  }
  return 'application/pdf'
}

/**
 * The appearance files of documents (logo, icon, first-page and next-pages backgrounds), stored under
 * `org-<id>/appearance/<kind>-<random>.<ext>`. Every member reads them; who may change them follows PATCH /settings
 * (the owner). A rejected file leaves the previous one in place: the new file is stored, the row switched, then the
 * old file deleted.
 */
export function createAppearanceService(deps: {
  db: DbOrTx
  clock: Clock
  storage: Storage
  salesSettings: SalesSettingsService
}) {
  const repo = createAppearanceRepo(deps.db)
  const ownerOnly = (tenant: Tenant) => {
    if (!canManageOrganization(tenant.membership.roleCode))
      throw forbidden(messages.organization.ownerOnly, 'OWNER_ONLY')
  }

  return {
    async upload(tenant: Tenant, kind: AppearanceFileKind, body: Buffer) {
      ownerOnly(tenant)
      const type = await checkedType(kind, body)
      await deps.salesSettings.settings(tenant.organizationId)
      const key = `org-${tenant.organizationId}/appearance/${kind.replace(/_/g, '-')}-${randomBytes(16).toString('hex')}.${EXTENSIONS[type]}`
      await deps.storage.put(key, body, type)
      let previous: string | null
      try {
        previous = await repo.switchKey(tenant.organizationId, kind, key, deps.clock().toISOString())
      } catch (error) {
        await deps.storage.delete(key)
        throw error
      }
      if (previous && previous !== key) await deps.storage.delete(previous)
      return deps.salesSettings.detail(tenant)
    },

    async file(tenant: Tenant, kind: AppearanceFileKind): Promise<StoredFile> {
      const key = await repo.key(tenant.organizationId, kind)
      const file = key ? await deps.storage.get(key) : null
      if (!file) throw notFound()
      return file
    },

    async remove(tenant: Tenant, kind: AppearanceFileKind) {
      ownerOnly(tenant)
      await deps.salesSettings.settings(tenant.organizationId)
      const previous = await repo.switchKey(tenant.organizationId, kind, null, deps.clock().toISOString())
      if (previous) await deps.storage.delete(previous)
    },
  }
}
export type AppearanceService = ReturnType<typeof createAppearanceService>
