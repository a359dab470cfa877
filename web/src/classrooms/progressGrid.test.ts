import { describe, expect, it } from 'vitest'
import type { ClassroomProgress, TopicColumns } from '../../../common/progress'
import { buildGrid, MAX_ACTIVITIES_AT_OPENING, openingTopic } from '../../../common/progressGrid'
import { oneModuleTopic } from '../test/progressColumns'

const columns: TopicColumns[] = [
  oneModuleTopic({ id: 10, title: 'Constitution' }, { id: 100, title: 'Rights' }, [
    { id: 1, title: 'Read', type: 'default' },
    { id: 2, title: 'Quiz', type: 'storyline' },
  ]),
  {
    id: 20,
    title: 'Branches',
    modules: [
      { id: 200, title: 'Congress', activities: [{ id: 3, title: 'Video', type: 'video' }] },
      { id: 201, title: 'Empty', activities: [] },
    ],
  },
]
const data: ClassroomProgress = {
  classroom: { id: 1, name: 'Civics', code: 'C-1' },
  students: [
    { id: 7, username: 'brave-otter-417', firstName: 'Ana' },
    { id: 8, username: 'able-wolf-100', firstName: null },
  ],
  attempts: [
    { student: 7, activity: 1, status: 'not-attempted', score: null },
    { student: 7, activity: 2, status: 'passed', score: 90 },
    { student: 8, activity: 2, status: 'failed', score: 40 },
    { student: 8, activity: 3, status: 'completed', score: null },
  ],
}

describe('the progress grid', () => {
  it('has a column per activity under its topic and module, each cell a state and score, and class averages', () => {
    const grid = buildGrid(columns, data, 'activities', { topic: '', module: '' }, 'student')
    expect(grid.columns.map((c) => c.title)).toEqual(['Read', 'Quiz', 'Video'])
    expect(grid.headerRows).toEqual([
      [
        { id: 10, title: 'Constitution', span: 2 },
        { id: 20, title: 'Branches', span: 1 },
      ],
      [
        { id: 100, title: 'Rights', span: 2 },
        { id: 200, title: 'Congress', span: 1 },
      ],
    ])
    // By name, as the Students table: the named student first, then those with none by username.
    expect(grid.rows.map((r) => r.student.username)).toEqual(['brave-otter-417', 'able-wolf-100'])
    expect(grid.rows[0].values).toEqual([
      { kind: 'activity', state: 'opened', score: null, lastOpenedAt: null },
      { kind: 'activity', state: 'passed', score: 90, lastOpenedAt: null },
      { kind: 'activity', state: 'not-started', score: null, lastOpenedAt: null },
    ])
    expect(grid.classAverages).toEqual([null, 65, null])
  })

  it('shows module and topic completion, filters by topic and module, and sorts by average score', () => {
    const modules = buildGrid(columns, data, 'modules', { topic: '', module: '' }, 'score-high')
    expect(modules.columns.map((c) => c.title)).toEqual(['Rights', 'Congress'])
    expect(modules.rows.map((r) => [r.student.username, r.average])).toEqual([
      ['brave-otter-417', 90],
      ['able-wolf-100', 40],
    ])
    expect(modules.rows[1].values).toEqual([
      { kind: 'summary', done: 1, total: 2, average: 40 },
      { kind: 'summary', done: 1, total: 1, average: null },
    ])
    expect(modules.classAverages).toEqual([50, 50])
    const topics = buildGrid(columns, data, 'topics', { topic: '', module: '' }, 'score-low')
    expect(topics.columns.map((c) => c.title)).toEqual(['Constitution', 'Branches'])
    expect(topics.rows.map((r) => r.student.username)).toEqual(['able-wolf-100', 'brave-otter-417'])
    expect(buildGrid(columns, data, 'topics', { topic: '20', module: '' }, 'student').columns.map((c) => c.title)).toEqual(['Branches'])
    expect(buildGrid(columns, data, 'activities', { topic: '10', module: '100' }, 'student').columns.map((c) => c.id)).toEqual([1, 2])
  })

  it('opens a module to its activities after its summary column, and sorts rows by name whatever the usernames', () => {
    const open = buildGrid(columns, data, 'modules', { topic: '', module: '' }, 'student', new Set(['100']))
    expect(open.columns.map((c) => [c.kind, c.title, c.expanded])).toEqual([
      ['summary', 'Rights', true],
      ['activity', 'Read', undefined],
      ['activity', 'Quiz', undefined],
      ['summary', 'Congress', false],
    ])
    expect(open.headerRows).toEqual([
      [
        { id: 10, title: 'Constitution', span: 3 },
        { id: 20, title: 'Branches', span: 1 },
      ],
    ])
    const named = {
      ...data,
      students: [
        { id: 1, username: 'aaa-1', firstName: 'zoë' },
        { id: 2, username: 'bbb-2', firstName: 'Émile' },
        { id: 3, username: 'ccc-3', firstName: 'adam', lastName: 'Smith' },
      ],
    }
    expect(buildGrid(columns, named, 'modules', { topic: '', module: '' }, 'student').rows.map((r) => r.student.firstName)).toEqual(['adam', 'Émile', 'zoë'])
  })

  it('opens on every topic when they fit a screen, and on the first topic with activities in a large course', () => {
    expect(openingTopic(columns)).toBe('')
    const activities = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) => ({ id: from + i, title: `A${from + i}`, type: 'default' as const }))
    const large = [
      { id: 1, title: 'Empty topic', modules: [{ id: 11, title: 'Nothing yet', activities: [] }] },
      { id: 2, title: 'First with activities', modules: [{ id: 21, title: 'M', activities: activities(1000, MAX_ACTIVITIES_AT_OPENING) }] },
      { id: 3, title: 'Another', modules: [{ id: 31, title: 'N', activities: activities(2000, 1) }] },
    ]
    expect(openingTopic(large)).toBe('2')
    expect(openingTopic(large.slice(0, 2))).toBe('')
  })
})
