import type { ReactNode } from 'react'
import type { FormValues } from '#ui/lib/form.ts'
import { useAdminList } from '../lib/list'
import { useIsAdmin } from '../lib/session'
import { useRecordEditor, type RecordEditor, type Resource } from '../lib/resource'
import { Button } from './Button'
import { ConfirmDelete } from './ConfirmDelete'
import { EntityDialog } from './EntityDialog'
import { HistoryDialog } from './HistoryDialog'
import { PageControls } from './PageControls'
import { PencilIcon, PlusIcon } from './Icons'
import { EmptyState, ListState, SectionHeader } from './States'

/**
 * One admin CRUD tab: header with its add button, the list (loading, error,
 * empty, one card per record, page controls when the server pages), and the
 * create/edit dialog. The tab supplies only its card and its fields.
 */
export function ResourceTab<R extends { id: string }, V extends FormValues>({
  resource,
  listClassName,
  card,
  fields,
}: {
  resource: Resource<R, V>
  listClassName: string
  /** One record's card: an <li>, with edit and delete wired to the editor. */
  card: (record: R, editor: RecordEditor<R, V>) => ReactNode
  fields: (editor: RecordEditor<R, V>) => ReactNode
}) {
  const list = useAdminList<R>(resource.path)
  const editor = useRecordEditor(resource, list.items ?? [])
  const { tab, dialog } = resource
  const titleId = `${resource.path.split('/').pop()}-title`
  const mayCreate = useIsAdmin() || !resource.adminsCreateAndDelete
  const add = (label: string) =>
    mayCreate && (
      <Button onClick={editor.create}>
        <PlusIcon />
        {label}
      </Button>
    )

  return (
    <section aria-labelledby={titleId}>
      <SectionHeader id={titleId} title={tab.title} description={tab.description} action={add(tab.addLabel)} />
      <ListState
        what={tab.what}
        data={list.items}
        error={list.error}
        isLoading={list.isLoading}
        retry={list.retry}
        empty={<EmptyState title={tab.emptyTitle}>{tab.emptyAction && add(tab.emptyAction)}</EmptyState>}
      >
        {(records) => (
          <>
            <ul className={listClassName} aria-label={tab.listLabel}>
              {records.map((record) => card(record, editor))}
            </ul>
            {list.pager && <PageControls pager={list.pager} label={tab.listLabel} />}
          </>
        )}
      </ListState>
      <EntityDialog
        open={editor.open}
        onOpenChange={(open) => !open && editor.close()}
        title={editor.editing ? dialog.editTitle : dialog.createTitle}
        description={editor.editing ? dialog.editDescription(editor.editing) : dialog.createDescription}
        submitLabel={editor.editing ? 'Save Changes' : dialog.createSubmit}
        pendingLabel={editor.editing ? 'Saving...' : dialog.createPending}
        pending={editor.form.pending}
        onSubmit={editor.save}
        unsaved={editor.form.dirty}
      >
        {fields(editor)}
      </EntityDialog>
    </section>
  )
}

/** A card's Edit and Delete buttons, named after the record. */
export function RecordActions<R extends { id: string }, V extends FormValues>({
  editor,
  record,
  className,
}: {
  editor: RecordEditor<R, V>
  record: R
  className: string
}) {
  const { noun, name, editLabel, removeText = 'Delete' } = editor.resource.record
  const mayDelete = useIsAdmin() || !editor.resource.adminsCreateAndDelete
  const { history, path, payloadPage } = editor.resource
  return (
    <div className={className}>
      {history && payloadPage && (
        <a
          href={`/admin/collections/${history}/${encodeURIComponent(record.id)}`}
          className="mr-auto inline-flex min-h-9 items-center text-sm font-semibold text-brand-700 underline underline-offset-4"
        >
          {payloadPage}
          <span className="sr-only"> for {name(record)}</span>
        </a>
      )}
      {history && <HistoryDialog collection={history} id={record.id} name={name(record)} listKey={path} />}
      <Button
        variant="ghost"
        size="sm"
        onClick={() => editor.edit(record)}
        aria-label={editLabel ? editLabel(record) : `Edit ${name(record)}`}
      >
        <PencilIcon />
        Edit
      </Button>
      {mayDelete && (
        <ConfirmDelete
          what={noun}
          itemLabel={name(record)}
          triggerText={removeText}
          confirmText={removeText}
          onConfirm={() => editor.remove(record)}
        />
      )}
    </div>
  )
}
