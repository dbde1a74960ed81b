import type { ContactDto, ContactRelationFilter, ItemResponse } from '@app/domain'
import { ApiError, del, patch, post } from '../../lib/api'
import { type AddressDraft, addressBody, bodyFromValues, type ContactValues } from './contactForm'

/** Where the save stopped: the contact itself, one address, or the contact persons. */
export type SaveStep = 'contact' | 'address' | 'removeAddress' | 'persons'

export class SaveError extends Error {
  constructor(
    readonly step: SaveStep,
    readonly reason: unknown,
    /** The address (its key) the error is about. */
    readonly addressKey?: string,
  ) {
    super(reason instanceof Error ? reason.message : 'save failed')
  }
  get fieldErrors(): Record<string, string> {
    return this.reason instanceof ApiError ? this.reason.fieldErrors : {}
  }
}

/**
 * What the drawer has saved so far. The sequence updates it as it goes, so that after a failure at any step a new
 * attempt goes on from there: the contact is not created twice, nor an address, nor a removal sent again.
 */
export type SaveProgress = {
  contactId: number | null
  addresses: AddressDraft[]
  removedAddressIds: number[]
}

/**
 * The contact drawer's save sequence (spec/sales.md §4), in order:
 * 1. create or update the contact; 2. create new addresses (and update edited ones); 3. delete removed addresses;
 * 4. upsert contact persons and 5. delete removed ones (one PATCH with the new list: the server keeps the ids
 * given, creates the others and removes the missing ones); 6. the caller refreshes the list.
 * Throws a SaveError naming the step; `progress` then tells what is already saved.
 */
export async function saveContactSequence(
  relation: ContactRelationFilter,
  values: ContactValues,
  progress: SaveProgress,
  { personsChanged }: { personsChanged: boolean },
): Promise<ContactDto> {
  // 1. The contact.
  let contact: ContactDto
  try {
    const body = bodyFromValues(values, { withPersons: false })
    contact =
      progress.contactId === null
        ? (await post<ItemResponse<ContactDto>>(`/contacts?relation=${relation}`, body)).data
        : (await patch<ItemResponse<ContactDto>>(`/contacts/${progress.contactId}?relation=${relation}`, body)).data
    progress.contactId = contact.id
  } catch (error) {
    throw new SaveError('contact', error)
  }

  // 2. New and edited addresses.
  for (const address of progress.addresses) {
    if (address.id !== null && !address.dirty) continue
    try {
      const body = addressBody(address)
      const saved =
        address.id === null
          ? (
              await post<ItemResponse<{ id: number }>>('/addresses', {
                addressableType: 'contact',
                addressableId: contact.id,
                ...body,
              })
            ).data
          : (await patch<ItemResponse<{ id: number }>>(`/addresses/${address.id}`, body)).data
      address.id = saved.id
      address.dirty = false
    } catch (error) {
      throw new SaveError('address', error, address.key)
    }
  }

  // 3. Removed addresses.
  while (progress.removedAddressIds.length > 0) {
    const id = progress.removedAddressIds[0] as number
    try {
      await del(`/addresses/${id}`)
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) throw new SaveError('removeAddress', error)
    }
    progress.removedAddressIds.shift()
  }

  // 4 and 5. Contact persons.
  if (personsChanged) {
    try {
      contact = (
        await patch<ItemResponse<ContactDto>>(
          `/contacts/${contact.id}?relation=${relation}`,
          bodyFromValues(values, { withPersons: true }),
        )
      ).data
    } catch (error) {
      throw new SaveError('persons', error)
    }
  }
  return contact
}
