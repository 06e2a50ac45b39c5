import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import Guard from './auth/Guard';
import Layout from './shell/Layout';
import IeNotice from './shell/IeNotice';
import GlobalNotices from './shell/GlobalNotices';
import DashboardPage from './pages/DashboardPage';
import FormPage from './pages/FormPage';
import ForbiddenPage from './pages/ForbiddenPage';
import LoginPage from './pages/LoginPage';
import MenuRoutePage from './pages/MenuRoutePage';
import MmdlPage from './pages/MmdlPage';
import NotFoundPage from './pages/NotFoundPage';
import SsoPage from './pages/SsoPage';
import ConfigRoute from './masterdata/ConfigRoute';
import MasterDataRoute from './masterdata/MasterDataRoute';
import { hiddenRoutes } from './routes';
import { formKeyOf } from './form/formKey';

/** /form starts afresh for another document (a new one keeps its page across its first save: formKeyOf). */
function FormRoute() {
  const location = useLocation();
  return <FormPage key={formKeyOf(location.search, location.state)} />;
}

/** Every route of the portal (navigation-and-access.md 2.1), behind the navigation guard. */
export default function App() {
  return (
    <>
      <IeNotice />
      <Guard>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/sso" element={<SsoPage />} />
          <Route path="/mmdl" element={<MmdlPage />} />
          <Route element={<Layout />}>
            <Route index element={<Navigate to="/Dashboard" replace />} />
            <Route path="/Dashboard/:stamp?" element={<DashboardPage />} />
            <Route path="/form" element={<FormRoute />} />
            <Route path="/404" element={<NotFoundPage />} />
            <Route path="/403" element={<ForbiddenPage />} />
            <Route path="/masterdata/:type" element={<MasterDataRoute />} />
            {hiddenRoutes.map((name) => (
              <Route key={name} path={`/${name}/:stamp?`} element={<ConfigRoute path={`/${name}`} fallback={<NotFoundPage />} />} />
            ))}
            <Route path="*" element={<MenuRoutePage />} />
          </Route>
        </Routes>
      </Guard>
      <GlobalNotices />
    </>
  );
}
