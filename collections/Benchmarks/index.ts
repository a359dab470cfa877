import type { CollectionConfig } from 'payload'

import { anyone } from '../../access/anyone'
import { hasScope } from '../../access/hasScope'
import { hiddenUnless } from '../../access/adminHidden'
import { BENCHMARK_FRAMEWORKS, benchmarkCodeOf, benchmarkMessages, REPORTING_CATEGORIES } from '../../common/benchmarks'
import { collectionScopes, scopesOf } from '../../common/scopes'
import { coverageEndpoint } from './endpoints/coverage'

/**
 * The state benchmarks content is tagged with (Florida's SS.7.CG for grade 7 Civics). The official
 * wording is kept as CPALMS publishes it, with the page it was taken from; a benchmark whose
 * wording has not been entered yet says so rather than carrying a paraphrase.
 */
export const Benchmarks: CollectionConfig = {
  slug: 'benchmarks',
  admin: {
    useAsTitle: 'code',
    defaultColumns: ['code', 'framework', 'reportingCategory', 'statement'],
    group: 'Content',
    hidden: hiddenUnless(...scopesOf('benchmarks')),
    description: 'Florida benchmarks. Reporting categories 3 and 4 are staff-editable: set them from FLDOE’s test item specifications.',
  },
  defaultSort: 'order',
  endpoints: [coverageEndpoint],
  access: {
    read: anyone,
    create: hasScope(collectionScopes.benchmarks.write),
    update: hasScope(collectionScopes.benchmarks.write),
    delete: hasScope(collectionScopes.benchmarks.delete),
  },
  fields: [
    {
      name: 'framework',
      type: 'select',
      required: true,
      defaultValue: 'SS.7.CG',
      options: BENCHMARK_FRAMEWORKS.map((value) => ({ label: value, value })),
      admin: { description: 'SS.7.CG: the B.E.S.T. benchmarks (from 2023-24). SS.7.C: the archived NGSSS codes, which mean other things.' },
    },
    {
      name: 'code',
      type: 'text',
      required: true,
      unique: true,
      index: true,
      maxLength: 32,
      validate: (value: unknown, { siblingData }: { siblingData: Partial<{ framework: string }> }) =>
        typeof value === 'string' && benchmarkCodeOf(siblingData?.framework ?? 'SS.7.CG', value) ? true : benchmarkMessages.code,
    },
    {
      name: 'statement',
      type: 'textarea',
      maxLength: 2000,
      admin: {
        description:
          'The official wording, exactly as CPALMS publishes it. Leave empty until it is entered from the source: it then shows as “official wording not yet entered”.',
      },
    },
    {
      name: 'source',
      type: 'text',
      maxLength: 500,
      admin: { description: 'The CPALMS page the wording was taken from.' },
      validate: (value: unknown) =>
        value === null || value === undefined || value === '' || (typeof value === 'string' && /^https:\/\/\S+$/.test(value)) ? true : benchmarkMessages.source,
    },
    {
      name: 'reportingCategory',
      type: 'select',
      options: Object.entries(REPORTING_CATEGORIES).map(([value, label]) => ({ label: `${value}. ${label}`, value })),
      admin: { description: 'The Civics EOC reporting category, as FLDOE’s test item specifications assign it. Empty until known.' },
    },
    { name: 'order', type: 'number', required: true, defaultValue: 0, index: true },
  ],
}
