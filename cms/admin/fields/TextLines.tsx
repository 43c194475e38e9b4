'use client'
import { Button, FieldDescription, FieldLabel, useField } from '@payloadcms/ui'
import type { JSONFieldClientComponent } from 'payload'

const asLines = (value: unknown): string[] =>
  Array.isArray(value) ? value.map((line) => (typeof line === 'string' ? line : String(line))) : []

/**
 * A JSON list of text lines (a sponsorship level's benefits) edited as what it is: one box per line with
 * Move up, Move down and Remove, and Add a line. It replaces Payload's JSON code editor, which is Monaco loaded
 * from a CDN (nothing in the admin may load from another host) and asked volunteers to type `["…", "…"]`.
 * The stored value stays the array of strings the spec's API returns (cms/collections/fields.ts `textLinesField`).
 */
export const TextLinesField: JSONFieldClientComponent = ({ field, path, readOnly }) => {
  const { value, setValue, showError, errorMessage } = useField<unknown>({ potentiallyStalePath: path })
  const lines = asLines(value)
  const label = typeof field.label === 'string' ? field.label : field.name
  const singular = label.replace(/s$/i, '').toLowerCase()
  const id = `field-${path.replace(/\./g, '__')}`
  const change = (next: string[]) => setValue(next)
  const move = (from: number, to: number) => {
    const next = [...lines]
    const [line] = next.splice(from, 1)
    next.splice(to, 0, line)
    change(next)
  }
  return (
    <fieldset className="field-type text-lines">
      <legend className="field-label">{label}</legend>
      {showError && errorMessage ? (
        <p className="text-lines__error" role="alert">
          {errorMessage}
        </p>
      ) : null}
      <ol className="text-lines__list">
        {lines.map((line, index) => (
          <li key={index} className="text-lines__row">
            <input
              id={`${id}-${index}`}
              type="text"
              value={line}
              readOnly={readOnly}
              aria-label={`${label} line ${index + 1}`}
              maxLength={200}
              onChange={(event) => change(lines.map((l, i) => (i === index ? event.target.value : l)))}
            />
            {!readOnly && (
              <>
                <Button buttonStyle="secondary" size="small" disabled={index === 0} onClick={() => move(index, index - 1)}>
                  <span aria-hidden="true">↑</span>
                  <span className="sr-only">Move line {index + 1} up</span>
                </Button>
                <Button buttonStyle="secondary" size="small" disabled={index === lines.length - 1} onClick={() => move(index, index + 1)}>
                  <span aria-hidden="true">↓</span>
                  <span className="sr-only">Move line {index + 1} down</span>
                </Button>
                <Button buttonStyle="secondary" size="small" onClick={() => change(lines.filter((_, i) => i !== index))}>
                  Remove<span className="sr-only"> line {index + 1}</span>
                </Button>
              </>
            )}
          </li>
        ))}
      </ol>
      {lines.length === 0 && <p className="text-lines__empty">No {label.toLowerCase()} yet.</p>}
      {!readOnly && (
        <Button buttonStyle="secondary" size="small" onClick={() => change([...lines, ''])}>
          Add a {singular}
        </Button>
      )}
      <FieldDescription path={path} description={field.admin?.description} />
    </fieldset>
  )
}

/**
 * A JSON value only the server writes (a money record's history), shown as indented text: Payload's own JSON
 * field would load its code editor from a CDN just to display it.
 */
export const JsonReadOnly: JSONFieldClientComponent = ({ field, path }) => {
  const { value } = useField<unknown>({ potentiallyStalePath: path })
  const label = typeof field.label === 'string' ? field.label : field.name
  const id = `field-${path.replace(/\./g, '__')}`
  return (
    <div className="field-type json-read-only">
      <FieldLabel htmlFor={id} label={label} />
      <pre id={id} tabIndex={0} className="json-read-only__value">
        {value == null ? '—' : JSON.stringify(value, null, 2)}
      </pre>
      <FieldDescription path={path} description={field.admin?.description} />
    </div>
  )
}
