// The app's top-level routes (navigation-and-access.md 2.1).
import { isMenuGroupPath } from './menu/menu';

/**
 * Hidden top-level routes (not in the menu, navigation-and-access.md 2.1): each opens its
 * configuration page (masterdata/ConfigRoute: /proxyAuthCfg, /bpmCfg, a master-data type's
 * menu such as /maintainTravelStandards), or is the not-found page while nothing is built
 * for it. /form, /login, /404, /sso and /mmdl have pages of their own.
 */
export const hiddenRoutes = [
  'fss',
  'download',
  'quota',
  'revolvingFund',
  'contract',
  'proxyAuthCfg',
  'crossCompanyCfg',
  'stampTaxCfg',
  'maintainTravelStandards',
  'workingFund',
  'paymentState',
  'dataSync',
  'invoiceCertification',
  'receiptAutoPosting',
  'paymentClaim',
  'taxCheckForm',
  'reimbursementFormDetails',
  'billOfLadingFrom',
  'realTimeReport',
  'bpmCfg',
  'voucherCfg',
  'accountantCourse',
  'maintenanceSapOa',
  'expenseApproval',
  'digitalDictionary',
  'logQuery',
  'nonBankEntry',
  'paymentStatusRegistration',
  'invoice',
  'budgetDetail',
  'xiechengLogin',
  'viewer',
  'contractDetail',
] as const;

const pagePaths = new Set(['/', '/Dashboard', '/form', '/login', '/sso', '/404', '/403', '/mmdl']);

/** Whether pathname is a route of the app (a page, a hidden route, or under a menu group). */
export function isKnownPath(pathname: string): boolean {
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (pagePaths.has(p)) return true;
  const first = p.split('/')[1] ?? '';
  if ((hiddenRoutes as readonly string[]).includes(first)) return true;
  if (first === 'Dashboard') return true;
  if (first === 'masterdata' && /^\/masterdata\/[^/]+$/.test(p)) return true;
  // Menu routes end in the version stamp: /YG/BE/1732200000000 (groups the catalogue does not name too).
  if (/^\/[^/]+(\/[^/]+)?\/\d{10,}$/.test(p)) return true;
  return isMenuGroupPath(p);
}
