import { useCallback, useEffect, useState } from 'react'
import type { z } from 'zod'
import type { HistoryCollection } from '#shared/history'
import { useForm, type FormValues } from '#ui/lib/form.ts'
import { deleteRecord, submitRecord } from './actions'
import { useClubTimeZone } from './session'

/**
 * Everything that differs between the admin's CRUD tabs (Campaigns, Team,
 * Games, Sponsorships) apart from their fields and their card: where the
 * records live, what the tab and its dialog say, the toasts (worded as
 * e2e/admin-records.test.ts pins them), and how a record becomes form values
 * and form values a request body. components/ResourceTab.tsx draws the rest.
 */
export type Resource<R extends { id: string }, V extends FormValues> = {
  /** The list's API path; one record is `${path}/${id}`. */
  path: string
  /** The collection whose saves a card's History button lists (cms/api/history.ts). */
  history?: HistoryCollection
  /**
   * What only the record's page in Payload edits (docs/roles.md "One place for each thing"): a card then links there,
   * e.g. "Photo upload and amounts in Payload", so the dialog's fewer fields never pass for all of them.
   */
  payloadPage?: string
  tab: {
    title: string
    description: string
    /** The list's accessible name, e.g. "Campaigns". */
    listLabel: string
    /** Plural noun for loading and error messages, e.g. "campaigns". */
    what: string
    /** The header button that opens the create dialog. */
    addLabel: string
    emptyTitle: string
    /** A button in the empty state that opens the create dialog, when the tab has one. */
    emptyAction?: string
  }
  dialog: {
    createTitle: string
    editTitle: string
    createDescription: string
    editDescription: (record: R) => string
    createSubmit: string
    createPending: string
  }
  /** How one record is named on its card's Edit and Delete buttons and in the delete confirmation. */
  record: {
    noun: string
    name: (record: R) => string
    /** The Edit button's accessible name, when "Edit <name>" does not read well. */
    editLabel?: (record: R) => string
    /** "Remove" where the product says so (team members); "Delete" otherwise. */
    removeText?: string
  }
  /** Only admins create and delete these (campaigns): editors are offered neither button (docs/roles.md). */
  adminsCreateAndDelete?: boolean
  toasts: { created: string; updated: string; deleted: string; createFailed: string; updateFailed: string; deleteFailed: string }
  createSchema: z.ZodType
  /** Edits send only what the update schema accepts (e.g. a campaign's amount raised). */
  updateSchema: z.ZodType
  /** The form of a new record. */
  empty: V
  /** A record → the form's values when it is edited. */
  toValues: (record: R) => V
  /** The form's values → the request body; `editing` is null for a new record, `list` is what the tab shows. */
  toPayload: (values: V, editing: R | null, list: R[]) => unknown
  /** A question to ask before saving these values (a score for a game not yet played), or null to save at once. */
  confirmSave?: (values: V, clubTimeZone: string) => string | null
}

export const recordPath = (path: string, id: string) => `${path}/${encodeURIComponent(id)}`

/**
 * The one editing hook of the CRUD tabs: which record the dialog shows (none,
 * a new one, or an existing one), its form, save (create or update, with the
 * matching schema) and delete.
 */
export function useRecordEditor<R extends { id: string }, V extends FormValues>(resource: Resource<R, V>, list: R[]) {
  const [target, setTarget] = useState<'new' | R | null>(null)
  const form = useForm(resource.empty)
  const clubTimeZone = useClubTimeZone()
  const { reset } = form
  const editing = target !== null && target !== 'new' ? target : null
  const { empty, toValues } = resource

  useEffect(() => {
    if (target === 'new') reset(empty)
    else if (target) reset(toValues(target))
  }, [target, reset, empty, toValues])

  const close = useCallback(() => setTarget(null), [])

  const save = () => {
    const { path, toasts } = resource
    const question = resource.confirmSave?.(form.values, clubTimeZone)
    if (question && !window.confirm(question)) return
    void submitRecord({
      form,
      schema: editing ? resource.updateSchema : resource.createSchema,
      payload: resource.toPayload(form.values, editing, list),
      method: editing ? 'PUT' : 'POST',
      path: editing ? recordPath(path, editing.id) : path,
      listKey: path,
      success: editing ? toasts.updated : toasts.created,
      failure: editing ? toasts.updateFailed : toasts.createFailed,
      onSuccess: close,
    })
  }

  const remove = (record: R) =>
    deleteRecord({
      path: recordPath(resource.path, record.id),
      listKey: resource.path,
      success: resource.toasts.deleted,
      failure: resource.toasts.deleteFailed,
    })

  return {
    resource,
    open: target !== null,
    editing,
    form,
    create: () => setTarget('new'),
    edit: (record: R) => setTarget(record),
    close,
    save,
    remove,
  }
}

export type RecordEditor<R extends { id: string }, V extends FormValues> = ReturnType<typeof useRecordEditor<R, V>>
