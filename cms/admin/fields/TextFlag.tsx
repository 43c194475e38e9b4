'use client'
import { CheckboxInput, useField } from '@payloadcms/ui'
import type { DefaultCellComponentProps, SelectFieldClientComponent } from 'payload'
import { isFlagOn, toTextFlag } from '#shared/textFlag'

/**
 * A yes/no flag the spec's API keeps as the text "true"/"false" (docs/API.md),
 * shown in Payload's editor as a checkbox and in its lists as Yes/No, so no
 * volunteer picks the word "true" from a dropdown. cms/collections/fields.ts.
 */
export const TextFlagCheckbox: SelectFieldClientComponent = ({ field, path, readOnly }) => {
  const { value, setValue } = useField<string>({ potentiallyStalePath: path })
  const label = typeof field.label === 'string' ? field.label : field.name
  return (
    <div className="field-type checkbox">
      <CheckboxInput
        id={`field-${path.replace(/\./g, '__')}`}
        name={path}
        label={label}
        checked={isFlagOn(value)}
        readOnly={readOnly}
        onToggle={(event) => setValue(toTextFlag(event.target.checked))}
      />
      {typeof field.admin?.description === 'string' ? <div className="field-description">{field.admin.description}</div> : null}
    </div>
  )
}

export const TextFlagCell = ({ cellData }: DefaultCellComponentProps) => (
  <span>{isFlagOn(cellData as string | undefined) ? 'Yes' : 'No'}</span>
)

/** A checkbox only the server sets (an account's two-factor sign-in), read in a list as On/Off rather than true/false. */
export const OnOffCell = ({ cellData }: DefaultCellComponentProps) => <span>{cellData === true ? 'On' : 'Off'}</span>
