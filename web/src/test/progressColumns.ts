import type { ActivityColumn, TopicColumns } from '../../../common/progress'
import { keys } from '../api/keys'

type Heading = Pick<TopicColumns, 'id' | 'title'>

/** A topic of the columns answer with a single module, which lists `activities`. */
export const oneModuleTopic = (topic: Heading, module: Heading, activities: ActivityColumn[]): TopicColumns => ({
  ...topic,
  modules: [{ ...module, activities }],
})

/** The grid's columns answer (GET /api/activities/columns) as the progress screens' tests serve it: one topic, one module, a reading and a quiz. */
export const COLUMNS_PATH = keys.activityColumns()
export const COLUMNS: TopicColumns[] = [
  oneModuleTopic({ id: 10, title: 'The Constitution' }, { id: 100, title: 'Bill of Rights' }, [
    { id: 1, title: 'Read the amendments', type: 'default' },
    { id: 2, title: 'Quiz', type: 'storyline' },
  ]),
]
