import { lazy, Suspense } from 'react';
import type { BudgetPageKind } from './format';
import BudgetLogPage from './BudgetLogPage';
import BudgetTablePage from './BudgetTablePage';
// Its chart (@mui/x-charts) loads with it, not with the app: the form's path does without it.
const DepartmentalPage = lazy(() => import('./DepartmentalPage'));
import ImportPage from './ImportPage';
import OccupancyPage from './OccupancyPage';

/** The page of a /budget menu entry that is not a master-data list (configPages.ts says which). */
export default function BudgetPage({ page, title }: { page: BudgetPageKind; title?: string }) {
  switch (page) {
    case 'table':
    case 'query':
    case 'adjust':
    case 'confirmation':
      return <BudgetTablePage key={page} mode={page} title={title} />;
    case 'occupancy':
      return <OccupancyPage title={title} />;
    case 'log':
      return <BudgetLogPage title={title} />;
    case 'import':
      return <ImportPage title={title} />;
    case 'departmental':
      return (
        <Suspense fallback={null}>
          <DepartmentalPage title={title} />
        </Suspense>
      );
  }
}
