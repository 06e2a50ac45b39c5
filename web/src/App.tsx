import { Route, Routes } from 'react-router-dom';
import TopBar from './components/TopBar';
import HomePage from './pages/HomePage';
import FormPage from './pages/FormPage';
import NotFoundPage from './pages/NotFoundPage';

export default function App() {
  return (
    <>
      <TopBar />
      <Routes>
        <Route path="/" element={<HomePage />} />
        <Route path="/form" element={<FormPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </>
  );
}
