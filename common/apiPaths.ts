/**
 * API addresses built on both sides: the SPA fetches them (its SWR keys, web/src/api/keys.ts) and
 * the server preloads them with the page that will ask for them (cms/pagePreloads.ts). A preload
 * is used only when the address matches to the byte, so there is one builder.
 */
type Id = string | number

export const apiPaths = {
  /** The home page's topics, each with its modules. */
  topics: () => '/api/topics?sort=order&depth=2&limit=100',
  topic: (id: Id) => `/api/topics/${encodeURIComponent(String(id))}?depth=2`,
  classroom: (userId: Id, classroomId: Id) => `/api/users/${userId}/classrooms/${classroomId}`,
  classroomProgress: (classroomId: Id) => `/api/classrooms/${encodeURIComponent(String(classroomId))}/progress`,
}
