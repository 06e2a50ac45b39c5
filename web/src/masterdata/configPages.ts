// Which configuration page a route opens: the master-data catalogue, delegations, the
// approver configuration, or the list of the master-data type whose `menu` it is.
import type { MasterDataType } from './api';
import { budgetPages, type BudgetPageKind } from '../budget/format';

/** The configuration centre's administration pages (web/src/admin). */
export type AdminPage = 'users' | 'logs' | 'dataSync' | 'dataModify';

/** The areas of the configuration tables (dictionary, business-type and access configuration, system) table maintenance shows. */
export const TABLE_AREAS = ['config', 'access', 'system'] as const;

export type ConfigPage =
  | { kind: 'catalogue'; mode: 'query' | 'maintain'; areas?: readonly string[] }
  | { kind: 'delegations' }
  | { kind: 'admin'; page: AdminPage }
  | { kind: 'approvers' }
  | { kind: 'budget'; page: BudgetPageKind }
  | { kind: 'docMaintain' }
  | { kind: 'vouchers'; page: 'log' | 'reversal' }
  | { kind: 'list'; type: MasterDataType };

/** Routes whose page is not a master-data type's list (menu entries of navigation-and-access.md 2.2, hidden routes of 2.1). */
const fixedPages: Record<string, ConfigPage> = {
  '/cfg/dataQuery': { kind: 'catalogue', mode: 'query' },
  '/cfg/dataMaintain': { kind: 'catalogue', mode: 'maintain' },
  '/cfg/tableMaintain': { kind: 'catalogue', mode: 'maintain', areas: TABLE_AREAS },
  '/cfg/userManage': { kind: 'admin', page: 'users' },
  '/cfg/logQuery': { kind: 'admin', page: 'logs' },
  '/logQuery': { kind: 'admin', page: 'logs' },
  '/cfg/dataSync': { kind: 'admin', page: 'dataSync' },
  '/dataSync': { kind: 'admin', page: 'dataSync' },
  '/cfg/dataModify': { kind: 'admin', page: 'dataModify' },
  '/cfg/proxyAuthCfg': { kind: 'delegations' },
  '/main/proxyAuthCfgView': { kind: 'delegations' },
  // 事前申请授权 (BVAuth): whom the user lets file (pre-)requests for them, the delegations.
  '/BV/BVAuth': { kind: 'delegations' },
  '/proxyAuthCfg': { kind: 'delegations' },
  // The hidden BPM configuration route: who approves what (the approver configuration).
  '/bpmCfg': { kind: 'approvers' },
  // The /budget entries that are budget pages, not master-data lists (web/src/budget).
  ...Object.fromEntries(Object.entries(budgetPages).map(([path, page]) => [path, { kind: 'budget', page } as ConfigPage])),
  // 预算导入 of the finance menu (CW00001): the budget import page of /budget/Import.
  '/CW/CW00001': { kind: 'budget', page: 'import' },
  // 单据维护: the generic document list over every type (lists/DocMaintainPage).
  '/cfg/docMaintain': { kind: 'docMaintain' },
  // The vouchers' pages (web/src/vouchers): the push log and voucher reversal.
  '/cfg/voucherLog': { kind: 'vouchers', page: 'log' },
  '/cfg/voucherReversal': { kind: 'vouchers', page: 'reversal' },
};

/** The route of the delegations and of the approver configuration, for links to them. */
export const DELEGATIONS_PATH = '/proxyAuthCfg';
export const APPROVERS_PATH = '/bpmCfg';

/** The fixed page of a route, or null (then the master-data types decide). */
export function fixedConfigPage(path: string): ConfigPage | null {
  return fixedPages[path] ?? null;
}

/**
 * The page of a route (without its version stamp): a fixed one, else the list of the
 * type whose `menu` is the route; a hidden top-level route (/maintainTravelStandards)
 * also opens the type whose menu ends in it (/cfg/maintainTravelStandards). Null: none.
 */
export function configPageOf(path: string, types: readonly MasterDataType[] | undefined): ConfigPage | null {
  const fixed = fixedConfigPage(path);
  if (fixed) return fixed;
  const readable = (types ?? []).filter((t) => t.canRead && t.menu);
  const exact = readable.find((t) => t.menu === path);
  if (exact) return { kind: 'list', type: exact };
  const topLevel = path.split('/').length === 2;
  const claimed = topLevel ? readable.find((t) => t.menu.endsWith(path)) : undefined;
  return claimed ? { kind: 'list', type: claimed } : null;
}

/**
 * The readable types grouped by area (in the order the server lists them); maintain: only
 * those the user may change; areas: only those of these areas (all when undefined).
 */
export function typesByArea(
  types: readonly MasterDataType[],
  mode: 'query' | 'maintain',
  areas?: readonly string[],
): Array<{ area: string; types: MasterDataType[] }> {
  const groups = new Map<string, MasterDataType[]>();
  for (const t of types) {
    if (!t.canRead || (mode === 'maintain' && !t.canWrite)) continue;
    if (areas && !areas.includes(t.area)) continue;
    const list = groups.get(t.area) ?? [];
    list.push(t);
    groups.set(t.area, list);
  }
  return [...groups].map(([area, list]) => ({ area, types: list }));
}
