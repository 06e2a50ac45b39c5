import type { WorklistItem, WorklistKind } from '../api/worklist';

/**
 * The menu entries that open a worklist (seeds/menus.yaml, navigation-and-access.md 2.2):
 * My travel's MY00001..MY00006 and My reimbursement's draft, apply, backlog, haveDone.
 */
const listOfMenu: Record<string, WorklistKind> = {
  MY00001: 'draft',
  MY00002: 'applied',
  MY00003: 'todo',
  MY00004: 'done',
  MY00005: 'returned',
  MY00006: 'recall',
  draft: 'draft',
  apply: 'applied',
  backlog: 'todo',
  haveDone: 'done',
};

/** The worklist a menu entry opens (by its code, else its `page` query), or null. */
export function worklistOfMenu(code: string, page?: string | null): WorklistKind | null {
  return listOfMenu[code] ?? (page ? (listOfMenu[page] ?? null) : null);
}

/** The worklist of a menu node (its code, or the `page` of its route's query). */
export function worklistOf(node: { code: string; path: string; children: unknown[] }): WorklistKind | null {
  if (node.children.length > 0) return null;
  const i = node.path.indexOf('?');
  const page = i < 0 ? null : new URLSearchParams(node.path.slice(i + 1)).get('page');
  return worklistOfMenu(node.code, page);
}

/**
 * The action mode a document opens in from a list: its owner edits drafts and returned
 * documents; an approver reviews (oareview), and the applicant answers a supplement
 * request (oaapplicant); the rest is read. The server still decides what may be done.
 */
export function openModeOf(list: WorklistKind, item: Pick<WorklistItem, 'step'>): string {
  switch (list) {
    case 'draft':
    case 'returned':
    case 'recall': // recalled, it is a draft to change
      return 'edit';
    case 'todo':
      return item.step === 'supplement' ? 'oaapplicant' : 'oareview';
    default:
      return 'read';
  }
}

/** The form route of a list's document. */
export function formHrefOf(list: WorklistKind, item: Pick<WorklistItem, 'docType' | 'businessId' | 'step'>): string {
  return `/form?${new URLSearchParams({ docType: item.docType, businessId: item.businessId, action: openModeOf(list, item) })}`;
}
