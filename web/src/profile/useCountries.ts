import useSWR from 'swr'
import { keys } from '../api/keys'
import type { Country, Paginated } from '../api/types'

/** The reference list of countries and regions, from the API (not bundled). */
export function useCountries(): Country[] {
  const { data } = useSWR<Paginated<Country>>(keys.countries(), { revalidateOnFocus: false })
  return data?.docs ?? []
}
