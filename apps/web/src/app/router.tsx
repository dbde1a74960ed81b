import { BrowserRouter, Navigate, Route, Routes } from 'react-router'
import { AcceptInvitationPage } from '../pages/auth/AcceptInvitationPage'
import { ForgotPasswordPage } from '../pages/auth/ForgotPasswordPage'
import { LoginPage } from '../pages/auth/LoginPage'
import { RegeneratePasswordPage } from '../pages/auth/RegeneratePasswordPage'
import { RegisterOrganizationPage } from '../pages/auth/RegisterOrganizationPage'
import { RegisterPage } from '../pages/auth/RegisterPage'
import { SignupDonePage } from '../pages/auth/SignupDonePage'
import { VerifyTokenPage } from '../pages/auth/VerifyTokenPage'
import { DashboardPage } from '../pages/dashboard/DashboardPage'
import { MailboxPage } from '../pages/dev/MailboxPage'
import { NotFoundPage } from '../pages/errors/NotFoundPage'
import { ProfilePage } from '../pages/profile/ProfilePage'
import { MembersPage } from '../pages/settings/MembersPage'
import { OrganizationSettingsPage } from '../pages/settings/OrganizationSettingsPage'
import { SettingsLayout } from '../pages/settings/SettingsLayout'
import { AppLayout } from './AppLayout'
import { GuestOnly, RequireAuth, RequireOwner } from './guards'

/** Paths mirror the spec's routes (spec/account.md §2). */
export function AppRouter() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/" element={<Navigate to="/app" replace />} />
        <Route
          path="/auth/login"
          element={
            <GuestOnly>
              <LoginPage />
            </GuestOnly>
          }
        />
        <Route
          path="/auth/register"
          element={
            <GuestOnly>
              <RegisterPage />
            </GuestOnly>
          }
        />
        <Route
          path="/auth/register/done"
          element={
            <RequireAuth>
              <SignupDonePage />
            </RequireAuth>
          }
        />
        <Route
          path="/auth/register/:id"
          element={
            <RequireAuth needsOrganization={false}>
              <RegisterOrganizationPage />
            </RequireAuth>
          }
        />
        <Route
          path="/auth/forgot-password"
          element={
            <GuestOnly>
              <ForgotPasswordPage />
            </GuestOnly>
          }
        />
        <Route
          path="/auth/verify-token"
          element={
            <GuestOnly>
              <VerifyTokenPage />
            </GuestOnly>
          }
        />
        <Route
          path="/auth/regenerate-password"
          element={
            <GuestOnly>
              <RegeneratePasswordPage />
            </GuestOnly>
          }
        />
        <Route path="/auth/invitation" element={<AcceptInvitationPage />} />
        <Route path="/dev/mailbox" element={<MailboxPage />} />
        <Route
          path="/app"
          element={
            <RequireAuth>
              <AppLayout />
            </RequireAuth>
          }
        >
          <Route index element={<DashboardPage />} />
          <Route path="profile" element={<ProfilePage />} />
          <Route
            path="setting"
            element={
              <RequireOwner>
                <SettingsLayout />
              </RequireOwner>
            }
          >
            <Route index element={<Navigate to="/app/setting/account" replace />} />
            <Route path="account" element={<OrganizationSettingsPage />} />
            <Route path="collaborators" element={<MembersPage />} />
          </Route>
          <Route path="*" element={<NotFoundPage />} />
        </Route>
        <Route path="*" element={<NotFoundPage fullPage />} />
      </Routes>
    </BrowserRouter>
  )
}
