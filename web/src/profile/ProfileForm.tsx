import { yupResolver } from '@hookform/resolvers/yup'
import { useState } from 'react'
import { useTranslation } from '../i18n/useTranslation'
import { Controller, useForm, type Resolver } from 'react-hook-form'
import { ApiError } from '../api/client'
import { asObject, type AccountType, type User } from '../api/types'
import { CheckboxGroup } from '../ui/CheckboxGroup'
import { fieldProps } from '../ui/fieldProps'
import { ErrorNotice } from '../ui/Notice'
import { SaveButton } from '../ui/SaveButton'
import { TextInput } from '../ui/TextInput'
import { updateProfile } from './api/profile'
import { CountryRegionFields } from './CountryRegionFields'
import { DEFAULT_COUNTRY, DEFAULT_STATE, GRADES, SUBJECTS } from './profileOptions'
import { PROFILE_FIELDS, profileSchema, type ProfileValues } from './profileSchema'
import { SchoolField } from './SchoolField'

export function profileDefaults(user: User): ProfileValues {
  const attributes = user.attributes ?? {}
  return {
    firstName: attributes.firstName ?? user.meta?.oauthFirstName ?? '',
    lastName: attributes.lastName ?? user.meta?.oauthLastName ?? '',
    position: attributes.position ?? '',
    district: attributes.district ?? '',
    state: attributes.state || DEFAULT_STATE,
    country: attributes.country || DEFAULT_COUNTRY,
    school: asObject(attributes.school),
    certification: attributes.certification ?? '',
    grades: attributes.grades ?? [],
    subjects: attributes.subjects ?? [],
  }
}

/** The attributes a type's form saves; the school travels as its id. */
export function profileAttributes(type: AccountType, values: ProfileValues): Record<string, unknown> {
  const attributes: Record<string, unknown> = { type, completed: true }
  for (const field of PROFILE_FIELDS[type]) {
    attributes[field] = field === 'school' ? (values.school?.id ?? null) : values[field]
  }
  return attributes
}

interface Props {
  type: AccountType
  user: User
  onSaved: (user: User) => void
  children?: React.ReactNode
}

export function ProfileForm({ type, user, onSaved, children }: Props) {
  const { t } = useTranslation()
  const fields = PROFILE_FIELDS[type]
  const has = (field: keyof ProfileValues) => fields.includes(field)
  const [error, setError] = useState<unknown>(null)
  const [saved, setSaved] = useState(false)
  const form = useForm<ProfileValues>({
    resolver: yupResolver(profileSchema(type)) as unknown as Resolver<ProfileValues>,
    mode: 'onTouched',
    defaultValues: profileDefaults(user),
  })
  const { isSubmitted, touchedFields } = form.formState

  async function save(values: ProfileValues) {
    setError(null)
    setSaved(false)
    try {
      const answer = await updateProfile(user, profileAttributes(type, values))
      setSaved(true)
      onSaved(answer.user)
    } catch (failure) {
      if (failure instanceof ApiError) {
        for (const fieldError of failure.fieldErrors) {
          const name = fieldError.path.replace(/^attributes\./, '') as keyof ProfileValues
          if (has(name)) form.setError(name, { type: 'server', message: fieldError.message })
        }
      }
      setError(failure)
    }
  }

  return (
    <form onSubmit={form.handleSubmit(save)} noValidate className="form profile-form" onChange={() => setSaved(false)}>
      {error !== null && <ErrorNotice error={error} />}
      <div className="field-row">
        <TextInput label={t('profile.fields.firstName')} autoComplete="given-name" required {...fieldProps(form, 'firstName')} />
        <TextInput label={t('profile.fields.lastName')} autoComplete="family-name" required {...fieldProps(form, 'lastName')} />
      </div>
      {has('position') && <TextInput label={t('profile.fields.position')} autoComplete="organization-title" required {...fieldProps(form, 'position')} />}
      {has('district') && <TextInput label={t('profile.fields.district')} required {...fieldProps(form, 'district')} />}
      {has('country') && <CountryRegionFields form={form} countryName="country" stateName="state" />}
      {has('school') && (
        <Controller
          control={form.control}
          name="school"
          render={({ field, fieldState }) => (
            <SchoolField
              value={field.value}
              onChange={(school) => field.onChange(school)}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
              touched={fieldState.isTouched || isSubmitted}
            />
          )}
        />
      )}
      {has('grades') && (
        <CheckboxGroup
          legend={t('profile.fields.grades')}
          required
          options={GRADES}
          registration={form.register('grades')}
          error={form.formState.errors.grades?.message}
          touched={Boolean(touchedFields.grades) || isSubmitted}
        />
      )}
      {has('subjects') && (
        <CheckboxGroup
          legend={t('profile.fields.subjects')}
          required
          options={SUBJECTS}
          registration={form.register('subjects')}
          error={form.formState.errors.subjects?.message}
          touched={Boolean(touchedFields.subjects) || isSubmitted}
        />
      )}
      {has('certification') && <TextInput label={t('profile.fields.certification')} {...fieldProps(form, 'certification')} />}
      <div className="form-actions">
        <SaveButton label={t('profile.save')} loading={form.formState.isSubmitting} success={saved} />
        {children}
      </div>
    </form>
  )
}
