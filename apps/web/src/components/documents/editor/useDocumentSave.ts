import { invoiceSchema, quoteSchema, type SalesSettingsDto } from '@app/domain'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { ApiError } from '../../../lib/api'
import { toastError, toastSuccess } from '../../../lib/toast'
import { formErrorMessage } from '../../formErrors'
import { LEAVE_WITHOUT_ASKING } from '../../LeaveGuard'
import { documentValues, type EditorForm, toInput } from './editorForm'
import { type DocumentKind, type EditorDocument, fetchDocument, saveDocument, useAfterSave } from './editorQueries'
import type { EditorRoute } from './editorRoute'

/** The fields shown in the settings drawer: an error on one of them opens it. */
const DRAWER_FIELDS = ['deliveredAt', 'deliveryAddressId', 'latePenalties']

/**
 * Enregistrer: the document as last saved, the saving flag and the form's submit handler. A new document moves to its
 * own route once saved; an edit takes back what the server saved; a 409 (no longer a draft) shows the server's copy.
 */
export function useDocumentSave({
  kind,
  route,
  form,
  document,
  openDrawer,
  settings = null,
  errorMessage = formErrorMessage,
}: {
  kind: DocumentKind
  route: EditorRoute
  form: EditorForm
  document: EditorDocument | null
  openDrawer: () => void
  /** The defaults of what a saved document leaves empty (a recurring invoice's e-mail). */
  settings?: SalesSettingsDto | null
  /** The error toast's text: the server's message by default (spec/sales.md §8). */
  errorMessage?: (error: unknown) => string
}) {
  const navigate = useNavigate()
  const afterSave = useAfterSave()
  const [saving, setSaving] = useState(false)
  const [savedDocument, setSavedDocument] = useState(document)

  const submit = form.onSubmit(
    async (submitted) => {
      setSaving(true)
      try {
        const schema = kind === 'invoice' ? invoiceSchema : quoteSchema
        const body = schema.parse(toInput(kind, submitted))
        const saved = await saveDocument(kind, route.id, body)
        afterSave(kind, saved)
        toastSuccess()
        if (route.id === null) {
          navigate(`${route.base}/${saved.id}`, { replace: true, state: LEAVE_WITHOUT_ASKING })
        } else {
          const next = documentValues(kind, saved, settings)
          setSavedDocument(saved)
          form.setValues(next)
          form.resetDirty(next)
        }
      } catch (error) {
        // The server's field errors go under their fields; its message in a toast (spec/sales.md §8).
        if (error instanceof ApiError && error.status === 409 && route.id !== null) {
          // No longer a draft (validated elsewhere): show what the server holds now, read-only.
          const fresh = await fetchDocument(kind, route.id).catch(() => null)
          if (fresh) {
            afterSave(kind, fresh)
            setSavedDocument(fresh)
          }
        }
        if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
          form.setErrors(error.fieldErrors)
          if (Object.keys(error.fieldErrors).some((field) => DRAWER_FIELDS.includes(field))) openDrawer()
        }
        toastError(undefined, errorMessage(error))
      } finally {
        setSaving(false)
      }
    },
    (errors) => {
      if (Object.keys(errors).some((field) => DRAWER_FIELDS.includes(field))) openDrawer()
    },
  )

  return { savedDocument, saving, submit }
}
