import { Suspense, useEffect, useRef, type ComponentType } from 'react'
import styled from 'styled-components'
import { Route, Switch, useLocation } from 'wouter'
import { RequireAdmin, RequireAuth, RequireReviewer } from './account/guards.tsx'
import { Layout } from './components/Layout.tsx'
import { lazyPage, PageLoadBoundary } from './components/lazy-page.tsx'
import ConfigureSession from './pages/ConfigureSession.tsx'
import CreateSession from './pages/CreateSession.tsx'
import Dashboard from './pages/Dashboard.tsx'
import ForgotPassword from './pages/ForgotPassword.tsx'
import JoinSession from './pages/JoinSession.tsx'
import Landing from './pages/Landing.tsx'
import Login from './pages/Login.tsx'
import NotFound from './pages/NotFound.tsx'
import Profile from './pages/Profile.tsx'
import Register from './pages/Register.tsx'
import ResetPassword from './pages/ResetPassword.tsx'
import RoleSelection from './pages/RoleSelection.tsx'

// The two biggest screens load when first opened, so the landing and sign-in pages reach a phone on a slow
// connection without the live room (STOMP, SockJS, the session machine) or the admin panel.
const Admin = lazyPage(() => import('./pages/Admin.tsx'))
// A session's timeline (issue 37) brings the room's case views with it: only admins settling a dispute open it.
const AdminSession = lazyPage(() => import('./pages/AdminSession.tsx'))
// A round's printable summary (issue 37), opened from a session's timeline.
const RoundSummary = lazyPage(() => import('./pages/RoundSummary.tsx'))
// The board follows its live topic over STOMP and SockJS, which only it and the room need.
const FindPartners = lazyPage(() => import('./pages/FindPartners.tsx'))
const MyPartners = lazyPage(() => import('./pages/MyPartners.tsx'))
// The progress page brings its charting library (uPlot) with it: nobody else downloads it.
const Progress = lazyPage(() => import('./pages/Progress.tsx'))
const SessionRoom = lazyPage(() => import('./pages/SessionRoom.tsx'))
const Debrief = lazyPage(() => import('./pages/Debrief.tsx'))
const MockResult = lazyPage(() => import('./pages/MockResult.tsx'))
const SharedMockResult = lazyPage(() => import('./pages/SharedMockResult.tsx'))
const PractiseAlone = lazyPage(() => import('./pages/PractiseAlone.tsx'))
const FindCase = lazyPage(() => import('./pages/FindCase.tsx'))
const SoloStation = lazyPage(() => import('./pages/SoloStation.tsx'))
const MyRecordings = lazyPage(() => import('./recordings/MyRecordings.tsx').then((module) => ({ default: module.MyRecordingsPage })))
// Cases candidates write for the bank, and their review (issue 35): the case editor comes with them.
const MyCases = lazyPage(() => import('./pages/MyCases.tsx'))
const MyCase = lazyPage(() => import('./pages/MyCase.tsx'))
const Review = lazyPage(() => import('./pages/Review.tsx'))

const signedIn = (Page: ComponentType) => () => (
  <RequireAuth>
    <Page />
  </RequireAuth>
)

// Built once: wrapping inside render would remount the page on every render.
const Guarded = {
  Dashboard: signedIn(Dashboard),
  Profile: signedIn(Profile),
  FindPartners: signedIn(FindPartners),
  MyPartners: signedIn(MyPartners),
  Progress: signedIn(Progress),
  CreateSession: signedIn(CreateSession),
  JoinSession: signedIn(JoinSession),
  ConfigureSession: signedIn(ConfigureSession),
  RoleSelection: signedIn(RoleSelection),
  SessionRoom: signedIn(SessionRoom),
  Debrief: signedIn(Debrief),
  MockResult: signedIn(MockResult),
  PractiseAlone: signedIn(PractiseAlone),
  FindCase: signedIn(FindCase),
  SoloStation: signedIn(SoloStation),
  MyRecordings: signedIn(MyRecordings),
  MyCases: signedIn(MyCases),
  MyCase: signedIn(MyCase),
  Review: () => (
    <RequireReviewer>
      <Review />
    </RequireReviewer>
  ),
  Admin: () => (
    <RequireAdmin>
      <Admin />
    </RequireAdmin>
  ),
  AdminSession: () => (
    <RequireAdmin>
      <AdminSession />
    </RequireAdmin>
  ),
  RoundSummary: () => (
    <RequireAdmin>
      <RoundSummary />
    </RequireAdmin>
  ),
}

/** The route table of SPEC section 2. */
export function App() {
  const [location] = useLocation()
  const firstPage = useRef(true)
  // A new page starts at its top, as a full page load would, and a screen reader starts reading it: focus goes to
  // the page unless the page put it somewhere itself (a field it focuses on opening). The first page is the
  // browser's own load, which starts at the top of the document as usual.
  useEffect(() => {
    if (!window.location.hash) window.scrollTo(0, 0)
    if (firstPage.current) {
      firstPage.current = false
      return
    }
    const main = document.getElementById('main')
    if (main && !main.contains(document.activeElement)) main.focus({ preventScroll: true })
  }, [location])

  return (
    <Layout>
      <PageLoadBoundary resetKey={location}>
        <Suspense fallback={<PageLoading role="status">Loading…</PageLoading>}>
          <Switch>
            <Route path="/" component={Landing} />
            <Route path="/login" component={Login} />
            <Route path="/register" component={Register} />
            <Route path="/forgot-password" component={ForgotPassword} />
            <Route path="/reset-password" component={ResetPassword} />
            <Route path="/dashboard" component={Guarded.Dashboard} />
            <Route path="/profile" component={Guarded.Profile} />
            <Route path="/partners" component={Guarded.FindPartners} />
            <Route path="/my-partners" component={Guarded.MyPartners} />
            <Route path="/progress" component={Guarded.Progress} />
            <Route path="/session/create" component={Guarded.CreateSession} />
            <Route path="/session/join" component={Guarded.JoinSession} />
            <Route path="/session/:code/configure" component={Guarded.ConfigureSession} />
            <Route path="/session/:code/role" component={Guarded.RoleSelection} />
            <Route path="/session/:code/room" component={Guarded.SessionRoom} />
            <Route path="/session/:code/debrief/:round" component={Guarded.Debrief} />
            <Route path="/session/:code/results" component={Guarded.MockResult} />
            <Route path="/shared/results/:token" component={SharedMockResult} />
            <Route path="/practise-alone" component={Guarded.PractiseAlone} />
            <Route path="/case-bank" component={Guarded.FindCase} />
            <Route path="/practise-alone/:id" component={Guarded.SoloStation} />
            <Route path="/recordings" component={Guarded.MyRecordings} />
            <Route path="/my-cases" component={Guarded.MyCases} />
            <Route path="/my-cases/:id" component={Guarded.MyCase} />
            <Route path="/review" component={Guarded.Review} />
            <Route path="/review/contributions/:id" component={Guarded.Review} />
            <Route path="/admin" component={Guarded.Admin} />
            <Route path="/admin/sessions/:code" component={Guarded.AdminSession} />
            <Route path="/admin/sessions/:code/rounds/:round" component={Guarded.RoundSummary} />
            <Route component={NotFound} />
          </Switch>
        </Suspense>
      </PageLoadBoundary>
    </Layout>
  )
}

const PageLoading = styled.p`
  padding: 24px 16px;
  text-align: center;
`
