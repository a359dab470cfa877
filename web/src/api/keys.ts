// SWR keys are the API paths they fetch, so mutate() can target them.

export const keys = {
  topics: () => '/api/topics?sort=order&depth=2&limit=100',
  topic: (id: string) => `/api/topics/${encodeURIComponent(id)}?depth=2`,
  modules: () => '/api/modules?sort=order&depth=1&limit=100',
  module: (id: string) => `/api/modules/${encodeURIComponent(id)}?depth=3`,
  pageBySlug: (slug: string) => `/api/pages/slug/${encodeURIComponent(slug)}`,
  countries: () => '/api/countries?limit=0&pagination=false&sort=countryName',
  schoolSearch: (q: string) => `/api/schools?q=${encodeURIComponent(q)}`,
  classrooms: (userId: string | number) => `/api/users/${userId}/classrooms`,
  classroom: (userId: string | number, classroomId: string | number) =>
    `/api/users/${userId}/classrooms/${classroomId}`,
  generatedUsername: () => '/api/users/username',
  classroomProgress: (classroomId: string | number) => `/api/classrooms/${encodeURIComponent(String(classroomId))}/progress`,
  studentProgress: (classroomId: string | number, studentId: string | number) =>
    `/api/classrooms/${encodeURIComponent(String(classroomId))}/students/${encodeURIComponent(String(studentId))}/progress`,
  /** The user's own attempts at these activities (teachers read others' too, so `student` is explicit). */
  ownAttempts: (userId: string | number, activityIds: (string | number)[]) =>
    `/api/attempts?where[student][equals]=${encodeURIComponent(String(userId))}&where[activity][in]=${activityIds.map((id) => encodeURIComponent(String(id))).join(',')}&depth=0&limit=${Math.max(activityIds.length, 1)}&select[activity]=true&select[status]=true&select[score]=true&select[openCount]=true&select[lastOpenedAt]=true&select[student]=true`,
}
