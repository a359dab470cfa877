import { useFieldArray, type UseFormReturn } from 'react-hook-form'
import { fieldProps } from '../ui/fieldProps'
import { TextInput } from '../ui/TextInput'
import type { ActivityValues } from './ActivityForm'

/** The links of a links activity: text and address, added and removed in place. */
export function LinksFields({ form }: { form: UseFormReturn<ActivityValues> }) {
  const links = useFieldArray({ control: form.control, name: 'links' })
  return (
    <fieldset className="console-fieldset">
      <legend>Links</legend>
      {links.fields.length === 0 && <p className="field-hint">No links yet.</p>}
      <ol className="console-repeat">
        {links.fields.map((link, index) => (
          <li key={link.id}>
            <TextInput label={`Link ${index + 1} text`} required {...fieldProps(form, `links.${index}.text`)} />
            <TextInput label={`Link ${index + 1} address`} required hint="https://… or a path on this site, such as /pages/about." {...fieldProps(form, `links.${index}.path`)} />
            <button type="button" className="button button-secondary button-small" onClick={() => links.remove(index)}>
              Remove link {index + 1}
            </button>
          </li>
        ))}
      </ol>
      <button type="button" className="button button-secondary button-small" onClick={() => links.append({ text: '', path: '' })}>
        Add link
      </button>
    </fieldset>
  )
}
