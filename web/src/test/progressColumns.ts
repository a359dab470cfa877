import type { TopicColumns } from '../../../common/progress'
import { keys } from '../api/keys'

/** The grid's columns answer (GET /api/activities/columns) as the progress screens' tests serve it: one topic, one module, a reading and a quiz. */
export const COLUMNS_PATH = keys.activityColumns()
export const COLUMNS: TopicColumns[] = [
  {
    id: 10,
    title: 'The Constitution',
    modules: [
      {
        id: 100,
        title: 'Bill of Rights',
        activities: [
          { id: 1, title: 'Read the amendments', type: 'default' },
          { id: 2, title: 'Quiz', type: 'storyline' },
        ],
      },
    ],
  },
]
