// What the role dialog edits and what it sends: the server checks the id, the title, the
// document scope and every menu code, and refuses naming the field (menus[2], title.zh).
import type { MenuNode } from '../menu/menu';
import type { RoleInput, RoleView } from './api';

export const DOCUMENT_SCOPES = ['own', 'company', 'all'] as const;

export interface RoleDraft {
  /** The role edited; null: a new one. */
  existing: string | null;
  id: string;
  title: { zh: string; en: string; th: string };
  documentScope: string;
  allMenus: boolean;
  /** The menu codes ticked: groups and items. */
  menus: string[];
}

export function newRoleDraft(): RoleDraft {
  return { existing: null, id: '', title: { zh: '', en: '', th: '' }, documentScope: 'own', allMenus: false, menus: [] };
}

export function draftOfRole(r: RoleView): RoleDraft {
  const t = r.title ?? {};
  return { existing: r.id, id: r.id, title: { zh: t.zh ?? '', en: t.en ?? '', th: t.th ?? '' }, documentScope: r.documentScope,
    allMenus: r.allMenus, menus: [...(r.menus ?? [])] };
}

/**
 * Ticks or unticks a menu code: a group with all its items; an item alone, its group
 * ticked while one of its items is (a group shows when one of its items does).
 */
export function toggleMenu(tree: MenuNode[], ticked: string[], code: string, on: boolean): string[] {
  const set = new Set(ticked);
  const group = tree.find((g) => g.code === code);
  for (const c of group ? [group.code, ...group.children.map((i) => i.code)] : [code]) {
    if (on) set.add(c);
    else set.delete(c);
  }
  const parent = tree.find((g) => g.children.some((i) => i.code === code));
  if (parent) {
    if (parent.children.some((i) => set.has(i.code))) set.add(parent.code);
    else set.delete(parent.code);
  }
  return [...set].sort();
}

/** How many of a group's items are ticked: 'all', 'some' or 'none'. */
export function groupState(group: MenuNode, ticked: string[]): 'all' | 'some' | 'none' {
  if (group.children.length === 0) return ticked.includes(group.code) ? 'all' : 'none';
  const n = group.children.filter((i) => ticked.includes(i.code)).length;
  return n === 0 ? 'none' : n === group.children.length ? 'all' : 'some';
}

/**
 * The menu codes to send: the items ticked and the groups without items, never a group
 * for its items (the server would grant every item of a group it is sent). Codes the
 * tree does not show (granted earlier, out of the editor's sight) are kept as they were.
 */
export function menusToSend(tree: MenuNode[], ticked: string[]): string[] {
  const groups = new Map(tree.map((g) => [g.code, g]));
  return ticked.filter((c) => {
    const g = groups.get(c);
    return !g || g.children.length === 0;
  });
}

/** The body the server takes: a new role with its id, a change without it. */
export function roleInputOf(d: RoleDraft, tree: MenuNode[]): RoleInput {
  const input: RoleInput = { title: { zh: d.title.zh, en: d.title.en, th: d.title.th }, documentScope: d.documentScope, allMenus: d.allMenus,
    menus: d.allMenus ? [] : menusToSend(tree, d.menus) };
  if (d.existing === null) input.id = d.id.trim();
  return input;
}
