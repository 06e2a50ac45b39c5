// What a menu entry opens in this web app, from the server's menu map (the entry's
// `page`, schemas/_menu.yaml) or, for a menu without one, from its code and route. An
// entry this app has no page for resolves to null and is not shown: a page works or is
// not shown.
import { worklistKinds, type WorklistKind } from '../api/worklist';
import { fixedConfigPage } from '../masterdata/configPages';
import { worklistOf } from '../worklist/lists';
import { splitPath, type MenuNode } from './menu';

/** The pages a menu entry of kind `page` may name (schemas/_menu.yaml `page:`). */
export const appPages = [
  'profile',
  'myAdvances',
  'toConfirm',
  'myTrips',
  'travelSettlement',
  'flightTrips',
  'trainTrips',
  'hotelTrips',
  'travelOrders',
  'preRequests',
  'myInvoices',
  'travelInvoices',
  'paymentState',
  'myPayments',
  'financePayments',
  'voucherImport',
] as const;
export type AppPage = (typeof appPages)[number];

export type Resolved =
  | { kind: 'group' }
  | { kind: 'worklist'; list: WorklistKind }
  | { kind: 'list'; docType: string; subType?: string }
  | { kind: 'form'; docType: string }
  | { kind: 'config' }
  | { kind: 'page'; page: AppPage }
  | { kind: 'report'; code: string };

function isWorklist(list: string | undefined): list is WorklistKind {
  return (worklistKinds as readonly string[]).includes(list ?? '');
}

/** What the entry opens here, or null when this app has no page for it. */
export function resolveEntry(node: MenuNode): Resolved | null {
  if (node.children.length > 0) return { kind: 'group' };
  const page = node.page;
  const byCode = worklistOf(node);
  if (!page) {
    // A menu without the server's map: the worklists by code, a document type's list, else the route's configuration page.
    if (byCode) return { kind: 'worklist', list: byCode };
    if (node.docType) return { kind: 'list', docType: node.docType };
    return { kind: 'config' };
  }
  switch (page.kind) {
    case 'worklist':
      if (isWorklist(page.list)) return { kind: 'worklist', list: page.list };
      return byCode ? { kind: 'worklist', list: byCode } : null;
    case 'list':
      return page.opens ? { kind: 'list', docType: page.opens, subType: page.subType } : null;
    case 'form':
      return page.opens ? { kind: 'form', docType: page.opens } : null;
    case 'config':
      return page.masterData || fixedConfigPage(splitPath(node.path).pathname) ? { kind: 'config' } : null;
    case 'page':
      return (appPages as readonly string[]).includes(page.page ?? '') ? { kind: 'page', page: page.page as AppPage } : null;
    case 'report':
      // the report centre's page runs the report of the entry's code (schemas/_reports/<code>.yaml)
      return { kind: 'report', code: page.report || node.code };
  }
  return null;
}

/** The menu without the entries this app has no page for (and without groups left empty by that). */
export function shownMenu(nodes: MenuNode[]): MenuNode[] {
  const out: MenuNode[] = [];
  for (const n of nodes) {
    if (n.children.length === 0) {
      if (resolveEntry(n)) out.push(n);
      continue;
    }
    const children = shownMenu(n.children);
    if (children.length > 0) out.push({ ...n, children });
  }
  return out;
}
