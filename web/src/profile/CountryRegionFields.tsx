import { useTranslation } from '../i18n/useTranslation'
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form'
import { fieldProps } from '../ui/fieldProps'
import { SelectInput, type Option } from '../ui/SelectInput'
import { useCountries } from './useCountries'

interface Props<T extends FieldValues> {
  form: UseFormReturn<T>
  countryName: Path<T>
  stateName: Path<T>
  required?: boolean
}

function withCurrent(options: Option[], current: string): Option[] {
  return current && !options.some((option) => option.value === current) ? [{ value: current, label: current }, ...options] : options
}

/** Country select and the State/Region select of the chosen country. */
export function CountryRegionFields<T extends FieldValues>({ form, countryName, stateName, required = true }: Props<T>) {
  const { t } = useTranslation()
  const countries = useCountries()
  const country: string = form.watch(countryName) ?? ''
  const state: string = form.watch(stateName) ?? ''
  const regions = countries.find((entry) => entry.countryName === country)?.regions ?? []
  const countryField = fieldProps(form, countryName)

  return (
    <div className="field-row">
      <SelectInput
        label={t('profile.fields.country')}
        required={required}
        placeholder={t('profile.fields.chooseCountry')}
        options={withCurrent(
          countries.map((entry) => ({ value: entry.countryName, label: entry.countryName })),
          country,
        )}
        {...countryField}
        onChange={(event) => {
          void countryField.onChange(event)
          form.setValue(stateName, '' as never, { shouldDirty: true })
        }}
      />
      <SelectInput
        label={t('profile.fields.state')}
        required={required}
        placeholder={t('profile.fields.chooseState')}
        options={withCurrent(
          regions.map((region) => ({ value: region.name, label: region.name })),
          state,
        )}
        {...fieldProps(form, stateName)}
      />
    </div>
  )
}
