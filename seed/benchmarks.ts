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
  'SS.7.CG.1.10': {
    statement:
      'Compare the viewpoints of the Federalists and the Anti-Federalists regarding ratification of the U.S. Constitution and including a bill of rights.',
    source: 'https://www.cpalms.org/PreviewStandard/Export/16097',
  },
  'SS.7.CG.2.2': {
    statement: 'Differentiate between obligations and responsibilities of U.S. citizenship, and evaluate their impact on society.',
    source: 'https://cpalms.org/PreviewStandard/Preview/16100',
  },
  'SS.7.CG.2.3': {
    statement: 'Identify and apply the rights contained in the Bill of Rights and other amendments to the U.S. Constitution.',
    source: 'https://cpalms.org/PreviewStandard/Preview/16101',
  },
  'SS.7.CG.2.5': {
    statement: 'Describe the trial process and the role of juries in the administration of justice at the state and federal levels.',
    source: 'https://www.cpalms.org/PreviewStandard/Preview/16103',
  },
  'SS.7.CG.2.8': {
    statement: 'Examine the impact of media, individuals, and interest groups on monitoring and influencing government.',
    source: 'https://cpalms.org/PreviewStandard/Preview/16106',
  },
  'SS.7.CG.3.2': {
    statement:
      'Explain the advantages of a federal system of government over other systems in balancing local sovereignty with national unity and protecting against authoritarianism.',
    source: 'https://www.cpalms.org/PreviewStandard/Preview/16110',
  },
  'SS.7.CG.3.4': {
    statement: 'Explain the relationship between state and national governments as written in Article IV of the U.S. Constitution and the 10th Amendment.',
    source: 'https://cpalms.org/PreviewStandard/Preview/16112',
  },
  'SS.7.CG.3.5': {
    statement: 'Explain the amendment process outlined in Article V of the U.S. Constitution.',
    source: 'https://cpalms.org/PreviewStandard/Preview/16113',
  },
  'SS.7.CG.3.6': {
    statement: 'Analyze how the 13th, 14th, 15th, 19th, 24th and 26th Amendments broadened participation in the political process.',
    source: 'https://www.cpalms.org/PreviewStandard/Preview/16114',
  },
  'SS.7.CG.3.7': {
    statement: 'Explain the structure, functions and processes of the legislative branch of government.',
    source: 'https://www.cpalms.org/PreviewStandard/Export/16115',
  },
  'SS.7.CG.3.8': {
    statement: 'Explain the structure, functions and processes of the executive branch of government.',
    source: 'https://cpalms.org/PreviewStandard/Preview/16116',
  },
  'SS.7.CG.3.9': {
    statement: 'Explain the structure, functions and processes of the judicial branch of government.',
    source: 'https://www.cpalms.org/PreviewStandard/Export/16117',
  },
  'SS.7.CG.3.10': {
    statement: 'Identify sources and types of law.',
    source: 'https://cpalms.org/PreviewStandard/Preview/16118',
  },
  'SS.7.CG.3.12': {
    statement: 'Compare the U.S. and Florida constitutions.',
    source: 'https://cpalms.org/PreviewStandard/Preview/16120',
  },
  'SS.7.CG.3.13': {
    statement: 'Explain government obligations to its citizens and the services provided at the local, state and national levels.',
    source: 'https://cpalms.org/PreviewStandard/Preview/119438',
  },
  'SS.7.CG.4.1': {
    statement: 'Explain the relationship between U.S. foreign and domestic policy.',
    source: 'https://cpalms.org/PreviewStandard/Preview/16124',
  },
  'SS.7.CG.4.2': {
    statement: 'Describe the United States’ and citizen participation in international organizations.',
    source: 'https://cpalms.org/PreviewStandard/Preview/16125',
  },
  'SS.7.CG.4.3': {
    statement: 'Describe examples of the United States’ actions and reactions in international conflicts.',
    source: 'https://cpalms.org/PreviewStandard/Preview/16126',
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
