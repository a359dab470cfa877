import { Controller, useFieldArray, type UseFormReturn } from 'react-hook-form'
import { fieldProps } from '../ui/fieldProps'
import { TextInput } from '../ui/TextInput'
import type { ActivityValues } from './ActivityForm'
import { MediaUpload } from './MediaUpload'

type Form = UseFormReturn<ActivityValues>

const DOCUMENTS = '.pdf,.doc,.docx,.ppt,.pptx,.txt,image/*'

function ReadingFiles({ form, reading }: { form: Form; reading: number }) {
  const files = useFieldArray({ control: form.control, name: `readings.${reading}.files` })
  return (
    <div className="console-reading-files">
      <ol className="console-repeat">
        {files.fields.map((file, index) => {
          const label = `Reading ${reading + 1} file ${index + 1}`
          return (
            <li key={file.id}>
              <TextInput label={`${label} label`} required {...fieldProps(form, `readings.${reading}.files.${index}.text`)} />
              <Controller
                control={form.control}
                name={`readings.${reading}.files.${index}.file`}
                render={({ field, fieldState }) => (
                  <>
                    <MediaUpload label={label} accept={DOCUMENTS} value={field.value ?? null} onChange={field.onChange} />
                    {fieldState.error && <p className="field-error">{fieldState.error.message}</p>}
                  </>
                )}
              />
              <button type="button" className="button button-secondary button-small" onClick={() => files.remove(index)}>
                Remove {label.toLowerCase()}
              </button>
            </li>
          )
        })}
      </ol>
      <button type="button" className="button button-secondary button-small" onClick={() => files.append({ text: '', file: null as never })}>
        Add a file to reading {reading + 1}
      </button>
    </div>
  )
}

/** The readings of a readings activity: a title, an optional link and uploaded files each. */
export function ReadingsFields({ form }: { form: Form }) {
  const readings = useFieldArray({ control: form.control, name: 'readings' })
  return (
    <fieldset className="console-fieldset">
      <legend>Readings</legend>
      {readings.fields.length === 0 && <p className="field-hint">No readings yet.</p>}
      <ol className="console-repeat">
        {readings.fields.map((reading, index) => (
          <li key={reading.id}>
            <TextInput label={`Reading ${index + 1} title`} required {...fieldProps(form, `readings.${index}.text`)} />
            <TextInput label={`Reading ${index + 1} link`} hint="Optional: an address to read it online." {...fieldProps(form, `readings.${index}.path`)} />
            <ReadingFiles form={form} reading={index} />
            <button type="button" className="button button-secondary button-small" onClick={() => readings.remove(index)}>
              Remove reading {index + 1}
            </button>
          </li>
        ))}
      </ol>
      <button type="button" className="button button-secondary button-small" onClick={() => readings.append({ text: '', path: '', files: [] })}>
        Add reading
      </button>
    </fieldset>
  )
}
