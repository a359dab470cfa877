import { lazy, Suspense } from 'react'
import { Route, Routes } from 'react-router-dom'
import { ContentPage } from '../content/ContentPage'
import { HomePage } from '../content/HomePage'
import { TopicPage } from '../content/TopicPage'
import { TopicsPage } from '../content/TopicsPage'
import { NotFound } from '../ui/NotFound'
import { withScreensEnglish } from '../i18n/i18n'
import { Layout } from './Layout'
import { PreferencesEffect } from './PreferencesEffect'
import { RequireEducator } from './RequireEducator'
import { RequireLogin } from './RequireLogin'

// Everything behind a click (sign-in forms, the user area, modules, the editor) is its own chunk,
// so the public pages download only the shell, the content pages and the libraries they use.
const LoginPage = lazy(() => withScreensEnglish(import('../auth/LoginPage')).then((m) => ({ default: m.LoginPage })))
const SignupPage = lazy(() => withScreensEnglish(import('../auth/SignupPage')).then((m) => ({ default: m.SignupPage })))
const ForgotPage = lazy(() => withScreensEnglish(import('../auth/ForgotPage')).then((m) => ({ default: m.ForgotPage })))
const ResetPage = lazy(() => withScreensEnglish(import('../auth/ResetPage')).then((m) => ({ default: m.ResetPage })))
const VerifyEmailPage = lazy(() => withScreensEnglish(import('../auth/VerifyEmailPage')).then((m) => ({ default: m.VerifyEmailPage })))
const TicketPage = lazy(() => withScreensEnglish(import('../help/TicketPage')).then((m) => ({ default: m.TicketPage })))
const ModulesPage = lazy(() => withScreensEnglish(import('../content/ModulesPage')).then((m) => ({ default: m.ModulesPage })))
const ModulePage = lazy(() => withScreensEnglish(import('../content/ModulePage')).then((m) => ({ default: m.ModulePage })))
const PageEditPage = lazy(() => withScreensEnglish(import('../content/PageEditPage')).then((m) => ({ default: m.PageEditPage })))
const UserLayout = lazy(() => withScreensEnglish(import('../account/UserLayout')).then((m) => ({ default: m.UserLayout })))
const ProfilePage = lazy(() => withScreensEnglish(import('../profile/ProfilePage')).then((m) => ({ default: m.ProfilePage })))
const AccountsPage = lazy(() => withScreensEnglish(import('../account/AccountsPage')).then((m) => ({ default: m.AccountsPage })))
const ThemeSettingsPage = lazy(() => withScreensEnglish(import('../account/ThemeSettingsPage')).then((m) => ({ default: m.ThemeSettingsPage })))
const ClassroomsPage = lazy(() => withScreensEnglish(import('../classrooms/ClassroomsPage')).then((m) => ({ default: m.ClassroomsPage })))
const CreateClassroomPage = lazy(() => withScreensEnglish(import('../classrooms/CreateClassroomPage')).then((m) => ({ default: m.CreateClassroomPage })))
const ClassroomDetailPage = lazy(() => withScreensEnglish(import('../classrooms/ClassroomDetailPage')).then((m) => ({ default: m.ClassroomDetailPage })))
const StudentProgressPage = lazy(() => withScreensEnglish(import('../classrooms/StudentProgressPage')).then((m) => ({ default: m.StudentProgressPage })))
const AssignmentReportPage = lazy(() => withScreensEnglish(import('../classrooms/AssignmentReportPage')).then((m) => ({ default: m.AssignmentReportPage })))
// A student's assignments, on their home and in their profile area; their words are in the main catalogue.
const MyWork = lazy(() => import('../assignments/MyWork').then((m) => ({ default: m.MyWork })))
const studentWork = (
  <Suspense fallback={null}>
    <MyWork />
  </Suspense>
)
const ConsoleRoutes = lazy(() => withScreensEnglish(import('../console/ConsoleRoutes')).then((m) => ({ default: m.ConsoleRoutes })))

export function App() {
  return (
    <>
      <PreferencesEffect />
      <Routes>
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
      </Routes>
    </>
  )
}
