import { isValidElement, Suspense } from 'react'
import { createRoutesFromElements, matchRoutes, Route, Routes } from 'react-router-dom'
import { ContentPage } from '../content/ContentPage'
import { HomePage } from '../content/HomePage'
import { TopicPage } from '../content/TopicPage'
import { TopicsPage } from '../content/TopicsPage'
import { NotFound } from '../ui/NotFound'
import { withScreensEnglish } from '../i18n/i18n'
import { Layout } from './Layout'
import { lazyScreen } from './lazyScreen'
import { PreferencesEffect } from './PreferencesEffect'
import { RequireEducator } from './RequireEducator'
import { RequireLogin } from './RequireLogin'

// Everything behind a click (sign-in forms, the user area, modules, the editor) is its own chunk,
// so the public pages download only the shell, the content pages and the libraries they use.
const LoginPage = lazyScreen(() => withScreensEnglish(import('../auth/LoginPage')).then((m) => m.LoginPage))
const SignupPage = lazyScreen(() => withScreensEnglish(import('../auth/SignupPage')).then((m) => m.SignupPage))
const ForgotPage = lazyScreen(() => withScreensEnglish(import('../auth/ForgotPage')).then((m) => m.ForgotPage))
const ResetPage = lazyScreen(() => withScreensEnglish(import('../auth/ResetPage')).then((m) => m.ResetPage))
const VerifyEmailPage = lazyScreen(() => withScreensEnglish(import('../auth/VerifyEmailPage')).then((m) => m.VerifyEmailPage))
const TicketPage = lazyScreen(() => withScreensEnglish(import('../help/TicketPage')).then((m) => m.TicketPage))
const ModulesPage = lazyScreen(() => withScreensEnglish(import('../content/ModulesPage')).then((m) => m.ModulesPage))
const ModulePage = lazyScreen(() => withScreensEnglish(import('../content/ModulePage')).then((m) => m.ModulePage))
const PageEditPage = lazyScreen(() => withScreensEnglish(import('../content/PageEditPage')).then((m) => m.PageEditPage))
const UserLayout = lazyScreen(() => withScreensEnglish(import('../account/UserLayout')).then((m) => m.UserLayout))
const ProfilePage = lazyScreen(() => withScreensEnglish(import('../profile/ProfilePage')).then((m) => m.ProfilePage))
const AccountsPage = lazyScreen(() => withScreensEnglish(import('../account/AccountsPage')).then((m) => m.AccountsPage))
const ThemeSettingsPage = lazyScreen(() => withScreensEnglish(import('../account/ThemeSettingsPage')).then((m) => m.ThemeSettingsPage))
const ClassroomsPage = lazyScreen(() => withScreensEnglish(import('../classrooms/ClassroomsPage')).then((m) => m.ClassroomsPage))
const CreateClassroomPage = lazyScreen(() => withScreensEnglish(import('../classrooms/CreateClassroomPage')).then((m) => m.CreateClassroomPage))
const ClassroomDetailPage = lazyScreen(() => withScreensEnglish(import('../classrooms/ClassroomDetailPage')).then((m) => m.ClassroomDetailPage))
const StudentProgressPage = lazyScreen(() => withScreensEnglish(import('../classrooms/StudentProgressPage')).then((m) => m.StudentProgressPage))
const AssignmentReportPage = lazyScreen(() => withScreensEnglish(import('../classrooms/AssignmentReportPage')).then((m) => m.AssignmentReportPage))
// A student's assignments, on their home and in their profile area; their words are in the main catalogue.
const MyWork = lazyScreen(() => import('../assignments/MyWork').then((m) => m.MyWork))
const studentWork = (
  <Suspense fallback={null}>
    <MyWork />
  </Suspense>
)
const ConsoleRoutes = lazyScreen(() => withScreensEnglish(import('../console/ConsoleRoutes')).then((m) => m.ConsoleRoutes))

/** The app's routes: rendered by App, and read before the first render to preload a page's screens. */
const routes = (
  <Route element={<Layout />}>
    <Route index element={<HomePage studentWork={studentWork} />} />
    <Route path="topics" element={<TopicsPage />} />
    <Route path="topics/:id" element={<TopicPage />} />
    <Route path="modules" element={<ModulesPage />} />
    <Route element={<RequireLogin />}>
      <Route path="modules/:moduleId" element={<ModulePage />} />
      <Route path=":slug/edit" element={<PageEditPage />} />
      <Route path="console/*" element={<ConsoleRoutes />} />
      <Route path="user" element={<UserLayout />}>
        <Route index element={<ProfilePage studentWork={studentWork} />} />
        <Route path="profile" element={<ProfilePage studentWork={studentWork} />} />
        <Route path="theme" element={<ThemeSettingsPage />} />
        <Route element={<RequireEducator />}>
          <Route path="security" element={<AccountsPage />} />
          <Route path="classrooms" element={<ClassroomsPage />} />
          <Route path="classrooms/create" element={<CreateClassroomPage />} />
          <Route path="classrooms/:classroomId" element={<ClassroomDetailPage />} />
          <Route path="classrooms/:classroomId/students/:studentId" element={<StudentProgressPage />} />
          <Route path="classrooms/:classroomId/assignments/:assignmentId" element={<AssignmentReportPage />} />
        </Route>
        <Route path="*" element={<NotFound />} />
      </Route>
    </Route>
    <Route path="login" element={<LoginPage />} />
    <Route path="signup" element={<SignupPage />} />
    <Route path="forgot" element={<ForgotPage />} />
    <Route path="reset" element={<ResetPage />} />
    <Route path="verify-email" element={<VerifyEmailPage />} />
    <Route path="ticket" element={<TicketPage />} />
    <Route path="contact" element={<TicketPage type="contact" />} />
    <Route path="help/ticket" element={<TicketPage type="help" />} />
    <Route path="help/independent-student" element={<TicketPage type="independent-student" />} />
    <Route path="pages/:slug" element={<ContentPage />} />
    <Route path=":slug" element={<ContentPage />} />
    <Route path="*" element={<NotFound />} />
  </Route>
)

/**
 * Fetches the chunks of the screens the page at `pathname` shows (the user area's frame and the
 * screen itself, say), so the first render draws them without a loading state between them.
 */
export const preloadScreens = (pathname: string) =>
  Promise.all(
    (matchRoutes(createRoutesFromElements(routes), pathname) ?? []).map(({ route }) => {
      const screen = isValidElement(route.element) ? (route.element.type as { preload?: () => Promise<unknown> }) : undefined
      // A chunk that fails to arrive does not hold up the first render; its screen fails as it shows.
      return screen?.preload?.().catch(() => undefined)
    }),
  )

export function App() {
  return (
    <>
      <PreferencesEffect />
      <Routes>{routes}</Routes>
    </>
  )
}
