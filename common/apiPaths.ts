/**
 * API addresses built on both sides: the SPA fetches them (its SWR keys, web/src/api/keys.ts) and
 * the server preloads them with the page that will ask for them (cms/http/pagePreloads.ts). A preload
 * is used only when the address matches to the byte, so there is one builder.
 */
type Id = string | number

export const apiPaths = {
  /**
   * The home page's topics: each one's card (title, text, image) and its modules' titles, which is
   * all the card shows. Without the projection every module came whole, its rich text three times
   * over (Lexical, markdown, html): the answer grew with the site.
   */
  topics: () => '/api/topics?sort=order&depth=2&limit=100&select[markdown]=false&populate[modules][title]=true',
  topic: (id: Id) => `/api/topics/${encodeURIComponent(String(id))}?depth=2`,
  /** A module with its activities: the module page's data. */
  module: (id: Id) => `/api/modules/${encodeURIComponent(String(id))}?depth=3`,
  classroom: (userId: Id, classroomId: Id) => `/api/users/${userId}/classrooms/${classroomId}`,
  /** A classroom's students and their attempts: the grid's rows and cells. */
  classroomProgress: (classroomId: Id) => `/api/classrooms/${encodeURIComponent(String(classroomId))}/progress`,
  /**
   * The grid's columns (every activity by module and topic): the same for every classroom, so
   * answered apart from its progress and cached, like other content reads, until content changes.
   */
  activityColumns: () => '/api/activities/columns',
  /** A classroom's assignments with their done / late / missing counts (the teacher's). */
  classroomAssignments: (classroomId: Id) => `/api/assignments?classroom=${encodeURIComponent(String(classroomId))}`,
  /** A classroom's mastery of the benchmarks (students × benchmarks). */
  classroomBenchmarks: (classroomId: Id) => `/api/classrooms/${encodeURIComponent(String(classroomId))}/benchmarks`,
}
