import type { ReactElement } from 'react'
import { Route, Routes } from 'react-router-dom'
import { ActivitiesList } from './activities/ActivitiesList'
import { ActivityCreatePage } from './activities/ActivityCreatePage'
import { ActivityEditPage } from './activities/ActivityEditPage'
import { AuditLogPage } from './audit/AuditLogPage'
import { BenchmarkCoveragePage } from './BenchmarkCoveragePage'
import { ConsoleLayout } from './ConsoleLayout'
import { ConsoleNotFound } from './ConsoleNotFound'
import type { Collection } from './consoleScopes'
import { Dashboard } from './Dashboard'
import { ModuleCreatePage } from './modules/ModuleCreatePage'
import { ModuleEditPage } from './modules/ModuleEditPage'
import { ModulesList } from './modules/ModulesList'
import { PageCreatePage } from './pages/PageCreatePage'
import { PageEditPage } from './pages/PageEditPage'
import { PagesList } from './pages/PagesList'
import { PostCreatePage } from './posts/PostCreatePage'
import { PostEditPage } from './posts/PostEditPage'
import { PostsList } from './posts/PostsList'
import { RequireSection } from './RequireSection'
import { RosterImportPage } from './rosterImports/RosterImportPage'
import { TicketDetailPage } from './tickets/TicketDetailPage'
import { TicketsPage } from './tickets/TicketsPage'
import { TopicCreatePage } from './topics/TopicCreatePage'
import { TopicEditPage } from './topics/TopicEditPage'
import { TopicsList } from './topics/TopicsList'
import { UserDetailPage } from './users/UserDetailPage'
import { UsersPage } from './users/UsersPage'

function gate(collection: Collection, element: ReactElement, write = false) {
  return (
    <RequireSection collection={collection} write={write}>
      {element}
    </RequireSection>
  )
}

/**
 * /console/*: one lazy chunk (App.tsx loads it on first visit). The shell's RequireLogin sends
 * anonymous visitors to log in; each screen then checks the scope the server enforces.
 */
export function ConsoleRoutes() {
  return (
    <Routes>
      <Route element={<ConsoleLayout />}>
        <Route index element={<Dashboard />} />
        <Route path="topics" element={gate('topics', <TopicsList />)} />
        <Route path="topics/create" element={gate('topics', <TopicCreatePage />, true)} />
        <Route path="topics/:topicId" element={gate('topics', <TopicEditPage />)} />
        <Route path="modules" element={gate('modules', <ModulesList />)} />
        <Route path="modules/create" element={gate('modules', <ModuleCreatePage />, true)} />
        <Route path="modules/:moduleId" element={gate('modules', <ModuleEditPage />)} />
        <Route path="activities" element={gate('activities', <ActivitiesList />)} />
        <Route path="activities/create" element={gate('activities', <ActivityCreatePage />, true)} />
        <Route path="activities/:activityId" element={gate('activities', <ActivityEditPage />)} />
        <Route path="benchmarks" element={gate('benchmarks', <BenchmarkCoveragePage />)} />
        <Route path="pages" element={gate('pages', <PagesList />)} />
        <Route path="pages/create" element={gate('pages', <PageCreatePage />, true)} />
        <Route path="pages/:pageId" element={gate('pages', <PageEditPage />)} />
        <Route path="posts" element={gate('posts', <PostsList />)} />
        <Route path="posts/create" element={gate('posts', <PostCreatePage />, true)} />
        <Route path="posts/:id" element={gate('posts', <PostEditPage />)} />
        <Route path="users" element={gate('users', <UsersPage />)} />
        <Route path="users/:userId" element={gate('users', <UserDetailPage />)} />
        <Route path="tickets" element={gate('tickets', <TicketsPage />)} />
        <Route path="tickets/:ticketId" element={gate('tickets', <TicketDetailPage />)} />
        <Route path="roster-imports" element={gate('roster-imports', <RosterImportPage />, true)} />
        <Route path="audit-log" element={gate('audit-log', <AuditLogPage />)} />
        <Route path="*" element={<ConsoleNotFound />} />
      </Route>
    </Routes>
  )
}
