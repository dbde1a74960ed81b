import { z } from 'zod'

/** Response shapes of API.md "Comments, notes, activity". */

const commentatorSchema = z
  .object({ id: z.number().int(), firstname: z.string() })
  .nullable()
  .meta({ description: "L'auteur ; null quand son compte a été fermé" })

/** A comment on a document; `canDelete` is true for its author only. */
export const commentDtoSchema = z
  .object({
    id: z.number().int(),
    comment: z.string(),
    isPublic: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
    commentator: commentatorSchema,
    canDelete: z.boolean().meta({ description: "Vrai pour l'auteur du commentaire seulement" }),
  })
  .meta({ id: 'Comment', description: 'Commentaire sur une facture ou un devis' })
export type CommentDto = z.infer<typeof commentDtoSchema>

/** A document's note; an empty `comment` when none was written. */
export const noteDtoSchema = z
  .object({
    comment: z.string().meta({ description: 'Vide quand aucune note n’a été écrite' }),
    updatedAt: z.string().nullable(),
    commentator: commentatorSchema,
  })
  .meta({ id: 'Note', description: "Note privée d'une facture ou d'un devis" })
export type NoteDto = z.infer<typeof noteDtoSchema>

/** One history entry, newest first; `sentence` is the French sentence the History tab shows. */
export const activityDtoSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    isOperator: z.boolean().meta({ description: 'Vrai pour une entrée écrite par la plateforme elle-même' }),
    user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    payload: z.record(z.string(), z.unknown()),
    createdAt: z.string(),
    sentence: z.string().meta({ description: "La phrase de l'onglet Historique" }),
    /** False for a code the app does not know: the tab then adds that its meaning was not found. */
    known: z.boolean().meta({ description: 'Faux pour un code que cette version ne connaît pas' }),
  })
  .meta({ id: 'Activity', description: "Entrée de l'historique d'une facture ou d'un devis" })
export type ActivityDto = z.infer<typeof activityDtoSchema>
