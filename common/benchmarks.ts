/**
 * Florida's grade 7 Civics and Government benchmarks, as both sides name them. The codes of the
 * archived NGSSS framework (SS.7.C.x.x) mean other things than the current B.E.S.T. ones
 * (SS.7.CG.x.x): a benchmark always carries its framework beside its code.
 */
export const BENCHMARK_FRAMEWORKS = ['SS.7.CG', 'SS.7.C'] as const
export type BenchmarkFramework = (typeof BENCHMARK_FRAMEWORKS)[number]

/**
 * The four reporting categories of the Civics End-of-Course assessment. Which benchmark falls in
 * which is data staff edit (FLDOE's test item specifications set it), never a rule in code.
 */
export const REPORTING_CATEGORIES = {
  '1': 'Origins and Purposes of Law and Government',
  '2': 'Roles, Rights, and Responsibilities of Citizens',
  '3': 'Government Policies and Political Processes',
  '4': 'Organization and Function of Government',
} as const
export type ReportingCategory = keyof typeof REPORTING_CATEGORIES
export const REPORTING_CATEGORY_KEYS = Object.keys(REPORTING_CATEGORIES) as ReportingCategory[]

/** `SS.7.CG.1.4` and the like: the framework, then the strand and the benchmark's number. */
export const benchmarkCodeOf = (framework: string, code: string) =>
  code.startsWith(`${framework}.`) && /^\d{1,2}\.\d{1,2}$/.test(code.slice(framework.length + 1))

export const benchmarkMessages = {
  code: 'Code must be the framework followed by the strand and number, such as SS.7.CG.1.4.',
  source: 'Source must be a web address starting with https://.',
} as const

/** Codes in the order of the standards: by strand, then number (1.10 after 1.9). */
export const byBenchmarkCode = (a: { code: string }, b: { code: string }) => {
  const parts = (code: string) => code.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part))
  const x = parts(a.code)
  const y = parts(b.code)
  for (let i = 0; i < Math.max(x.length, y.length); i += 1) {
    const p = x[i] ?? ''
    const q = y[i] ?? ''
    if (p === q) continue
    if (typeof p === 'number' && typeof q === 'number') return p - q
    return String(p).localeCompare(String(q))
  }
  return 0
}

/** One cell of the mastery view: a student's attempts on the activities tagged with a benchmark (or a category's benchmarks). */
export type MasteryValue = { done: number; total: number; average: number | null }

export type BenchmarkSummary = {
  id: number | string
  code: string
  framework: string
  statement: string | null
  reportingCategory: ReportingCategory | null
}

export type ClassroomMastery = {
  classroom: { id: number | string; name: string; code: string }
  benchmarks: BenchmarkSummary[]
  categories: ReportingCategory[]
  students: { id: number | string; username: string | null; firstName: string | null; lastName?: string | null }[]
  /** Per student (in `students`' order), one value per benchmark (in `benchmarks`' order). */
  rows: { student: number | string; benchmarks: MasteryValue[]; categories: MasteryValue[] }[]
}

export type BenchmarkCoverage = BenchmarkSummary & {
  source: string | null
  modules: { id: number | string; title: string }[]
  activities: { id: number | string; title: string; module: number | string | null }[]
}
