// Florida's grade 7 Civics and Government benchmarks (SS.7.CG, from 2023-24), for tagging content.
// Data only. `statement` is the official wording, copied from the CPALMS page in `source`; a
// benchmark whose wording has not been copied from CPALMS yet has neither, and shows as "official
// wording not yet entered" until staff fill it in (never a paraphrase standing in for the official text).
// Reporting categories: 1 and 2 as published for the 2024 EOC release; 3 and 4 are left for staff
// to set from FLDOE's test item specifications.

import type { ReportingCategory } from '../common/benchmarks'

export type SeedBenchmark = { code: string; statement?: string; source?: string; reportingCategory?: ReportingCategory }

const strands: [number, number][] = [
  [1, 11],
  [2, 10],
  [3, 15],
  [4, 3],
]

const official: Record<string, { statement: string; source: string }> = {
  'SS.7.CG.1.1': {
    statement: 'Analyze the influences of ancient Greece, ancient Rome and the Judeo-Christian tradition on America’s constitutional republic.',
    source: 'https://cpalms.org/PreviewCourse/Export/21198',
  },
  'SS.7.CG.1.2': {
    statement: 'Trace the principles underlying America’s founding ideas on law and government.',
    source: 'https://www.cpalms.org/PreviewStandard/Export/16089',
  },
  'SS.7.CG.1.4': {
    statement:
      'Analyze how Enlightenment ideas, including Montesquieu’s view of separation of powers and John Locke’s theories related to natural law and Locke’s social contract, influenced the Founding.',
    source: 'https://cpalms.org/PreviewStandard/Export/16091',
  },
  'SS.7.CG.1.7': {
    statement: 'Explain how the weaknesses of the Articles of Confederation led to the writing of the U.S. Constitution.',
    source: 'https://www.cpalms.org/PreviewStandard/Export/16094',
  },
  'SS.7.CG.2.1': {
    statement: 'Define the term “citizen,” and explain the constitutional means of becoming a U.S. citizen.',
    source: 'https://www.cpalms.org/Public/PreviewStandard/Preview/16099',
  },
}

const categoryTwo = new Set(['SS.7.CG.3.6', 'SS.7.CG.3.11'])

const categoryOf = (strand: number, code: string): ReportingCategory | undefined => {
  if (strand === 1) return '1'
  if (categoryTwo.has(code)) return '2'
  if (strand === 2 && Number(code.split('.').pop()) <= 5) return '2'
  return undefined
}

export const benchmarks: SeedBenchmark[] = strands.flatMap(([strand, count]) =>
  Array.from({ length: count }, (_, i) => {
    const code = `SS.7.CG.${strand}.${i + 1}`
    return { code, ...official[code], reportingCategory: categoryOf(strand, code) }
  }),
)
