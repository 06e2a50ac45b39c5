// The menu a person sees: the server's menu tree (or the catalogue filtered by login's
// menuPermissions), each entry with the route it opens.
import type { LocalText } from '../api/types';
import { localText } from '../i18n/language';
import type { MenuPermission } from '../auth/storage';
import { earlierPaths, menuCatalogue, type CatalogueGroup, type Titles } from './catalogue';

/** What an entry opens, as the server's menu map says (schemas/_menu.yaml). */
export interface MenuPage {
  kind: 'list' | 'form' | 'worklist' | 'report' | 'config' | 'page';
  opens?: string;
  subType?: string;
  list?: string;
  report?: string;
  page?: string;
  masterData?: string;
}

export interface MenuNode {
  code: string;
  /** The title the server sent, or the catalogue's; empty when neither has one (the code is shown). */
  title: LocalText;
  /** The route: '/YG' for a group, '/YG/BE' or '/payables?docType=AA' for an entry. */
  path: string;
  /** A document type whose documents the entry lists (the generic form-list page). */
  docType?: string;
  /** Reachable, but not shown in the menu (navigation-and-access.md 2.2: TE is hidden). */
  hidden?: boolean;
  /** A group of the earlier variant: entries open /group/:stamp?docType=. */
  earlier?: boolean;
  /** What the entry opens, when the server says (its menu map); else the entry's code and route decide. */
  page?: MenuPage;
  /** The sub-type a list entry presets (page.subType). */
  subType?: string;
  children: MenuNode[];
}

const pageKinds = new Set(['list', 'form', 'worklist', 'report', 'config', 'page']);

function pageOf(v: unknown): MenuPage | undefined {
  if (!v || typeof v !== 'object') return undefined;
  const p = v as Raw;
  if (!pageKinds.has(str(p.kind))) return undefined;
  const out: MenuPage = { kind: str(p.kind) as MenuPage['kind'] };
  for (const k of ['opens', 'subType', 'list', 'report', 'page', 'masterData'] as const) if (str(p[k])) out[k] = str(p[k]);
  return out;
}

type Raw = Record<string, unknown>;

function str(v: unknown): string {
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
}

function titleOf(n: Raw): LocalText {
  const meta = (n.meta ?? {}) as Raw;
  // titles: {zh, en, th} (switching languages needs no new call); title: the request's language.
  for (const v of [n.titles, n.title, n.menuName, n.label, n.name, meta.title]) {
    if (typeof v === 'string' && v) return v;
    if (v && typeof v === 'object') return v as LocalText;
  }
  return '';
}

function childrenOf(n: Raw): unknown[] {
  for (const v of [n.children, n.subMenus, n.child, n.items]) if (Array.isArray(v)) return v;
  return [];
}

function truthy(v: unknown): boolean {
  return v === true || v === 'Y' || v === 'y' || v === 1 || v === '1' || v === 'true';
}

/** The pathname and the docType query of a route. */
export function splitPath(path: string): { pathname: string; query: URLSearchParams } {
  const i = path.indexOf('?');
  return i < 0 ? { pathname: path, query: new URLSearchParams() } : { pathname: path.slice(0, i), query: new URLSearchParams(path.slice(i + 1)) };
}

function joinPath(parent: string, segment: string): string {
  if (segment.startsWith('/')) return segment;
  return `${parent.replace(/\/+$/, '')}/${segment}`;
}

function normalizeNode(raw: unknown, parent: MenuNode | null): MenuNode | null {
  if (!raw || typeof raw !== 'object') return null;
  const n = raw as Raw;
  const code = str(n.menuCode) || str(n.code) || str(n.permissionId) || str(n.id);
  const rawPath = str(n.path) || str(n.permissionUrl) || str(n.url);
  const variant = str(n.variant);
  const earlier = truthy(n.earlier) || variant === 'legacy' || variant === 'earlier' || (!parent && ['/payables', '/GLA', '/Capital'].includes(rawPath));
  // The route's query parameters: the node's query object (docType, page), and any in its path.
  const query = new URLSearchParams(rawPath ? splitPath(rawPath).query : undefined);
  if (n.query && typeof n.query === 'object') for (const [k, v] of Object.entries(n.query as Raw)) if (str(v)) query.set(k, str(v));
  if (str(n.docType)) query.set('docType', str(n.docType));
  let docType = query.get('docType') ?? '';
  const rawPathname = rawPath ? splitPath(rawPath).pathname : '';
  let pathname: string;
  if (!parent) {
    pathname = rawPathname ? (rawPathname.startsWith('/') ? rawPathname : `/${rawPathname}`) : code ? `/${code}` : '';
  } else if (parent.earlier) {
    // The earlier variant opens the group's own route with ?docType= (navigation-and-access.md 2.2).
    docType = docType || code;
    query.set('docType', docType);
    pathname = splitPath(parent.path).pathname;
  } else {
    pathname = rawPathname ? joinPath(splitPath(parent.path).pathname, rawPathname) : `${splitPath(parent.path).pathname}/${code}`;
  }
  const q = query.toString();
  const path = pathname && q ? `${pathname}?${q}` : pathname;
  if (!code && !path) return null;
  const node: MenuNode = {
    code: code || path,
    title: titleOf(n),
    path,
    hidden: truthy(n.hidden) || n.visible === false,
    earlier: (!parent && earlier) || undefined,
    children: [],
  };
  const page = pageOf(n.page);
  if (page) {
    node.page = page;
    // A list or form entry opens its document type (YG00001 lists EX02), whatever its code.
    if ((page.kind === 'list' || page.kind === 'form') && page.opens) node.docType = page.opens;
    if (page.subType) node.subType = page.subType;
  }
  if (docType && !node.docType) node.docType = docType;
  node.children = childrenOf(n)
    .map((c) => normalizeNode(c, node))
    .filter((c): c is MenuNode => c !== null);
  return node;
}

/**
 * Reads the server's menu tree: an array of groups (or an object holding it under
 * children, menus, tree or data), each node with a code (menuCode/code), a title
 * (string or {zh, en, th}), a path (path/permissionUrl), an optional docType, hidden flag
 * and children. Unknown shapes give an empty menu.
 */
export function normalizeMenuTree(raw: unknown): MenuNode[] {
  let list: unknown = raw;
  if (list && !Array.isArray(list) && typeof list === 'object') {
    const o = list as Raw;
    list = o.children ?? o.menus ?? o.tree ?? o.data ?? [];
  }
  if (!Array.isArray(list)) return [];
  return list.map((r) => normalizeNode(r, null)).filter((n): n is MenuNode => n !== null);
}

function fromCatalogue(g: CatalogueGroup): MenuNode {
  const group: MenuNode = { code: g.code, title: g.title, path: g.path, earlier: g.earlier, children: [] };
  group.children = g.children.map((c) =>
    g.earlier
      ? { code: c.code, title: c.title ?? '', path: `${g.path}?${new URLSearchParams({ docType: c.code })}`, docType: c.code, children: [] }
      : { code: c.code, title: c.title ?? '', path: `${g.path}/${c.code}`, children: [] },
  );
  return group;
}

/** The catalogue of navigation-and-access.md 2.2 as menu nodes: the current variant, or the earlier one. */
export function catalogueMenu(variant: 'current' | 'earlier'): MenuNode[] {
  return menuCatalogue.filter((g) => Boolean(g.earlier) === (variant === 'earlier')).map(fromCatalogue);
}

/** The codes and route paths a person may open, from login's menuPermissions. */
export function permittedSet(perms: MenuPermission[]): Set<string> {
  const s = new Set<string>();
  for (const p of perms) {
    const code = str(p.menuCode) || str(p.permissionId);
    if (code) s.add(code);
    const url = str(p.permissionUrl);
    if (url) s.add(url.startsWith('/') ? url : `/${url}`);
  }
  return s;
}

function allows(permitted: Set<string>, node: MenuNode): boolean {
  if (permitted.has(node.code) || permitted.has(node.path)) return true;
  const { pathname, query } = splitPath(node.path);
  // An entry of the earlier variant shares its group's route (/payables?docType=AA): its own is /payables/AA.
  const sharesGroupRoute = node.children.length === 0 && query.has('docType') && pathname.split('/').length === 2;
  return permitted.has(sharesGroupRoute ? `${pathname}/${node.code}` : pathname);
}

/**
 * Keeps what the permitted codes allow. An entry is kept when its code or path is
 * permitted, or when its group is permitted and none of the group's entries is named
 * (a grant on a whole group). A group is kept when it is permitted or keeps an entry.
 */
export function filterMenu(nodes: MenuNode[], permitted: Set<string>): MenuNode[] {
  const out: MenuNode[] = [];
  for (const node of nodes) {
    const own = allows(permitted, node);
    if (node.children.length === 0) {
      if (own) out.push(node);
      continue;
    }
    const named = node.children.some((c) => allows(permitted, c) || c.children.some((cc) => allows(permitted, cc)));
    const children = own && !named ? node.children : filterMenu(node.children, permitted);
    if (own || children.length > 0) out.push({ ...node, children });
  }
  return out;
}

/**
 * The variant the server's menu asks for: the earlier one when it names /payables,
 * /GLA or /Capital (or /AR without the current variant's /GL, /AS, /ER groups).
 */
export function menuVariant(perms: MenuPermission[]): 'current' | 'earlier' {
  const urls = new Set([...permittedSet(perms)]);
  if (['/payables', '/GLA', '/Capital'].some((p) => urls.has(p))) return 'earlier';
  if (urls.has('/AR') && !['/GL', '/AS', '/ER', '/YG', '/MY', '/main'].some((p) => urls.has(p))) return 'earlier';
  return 'current';
}

/** The menu derived from login's menuPermissions when the server has no menu tree. */
export function menuFromPermissions(perms: MenuPermission[]): MenuNode[] {
  return filterMenu(catalogueMenu(menuVariant(perms)), permittedSet(perms));
}

/** Sets docType on entries whose code is a registered document type and that have none. */
export function withDocTypes(nodes: MenuNode[], registered: Set<string>): MenuNode[] {
  return nodes.map((n) => {
    const children = withDocTypes(n.children, registered);
    const docType = n.docType ?? (n.children.length === 0 && registered.has(n.code) ? n.code : undefined);
    return docType ? { ...n, docType, children } : { ...n, children };
  });
}

/** The route of a menu entry, carrying the version stamp as a route parameter: /YG/BE/1732200000000, /payables/1732200000000?docType=AA. */
export function menuHref(node: MenuNode, stamp: number): string {
  const { pathname, query } = splitPath(node.path);
  const q = query.toString();
  return `${pathname.replace(/\/+$/, '')}/${stamp}${q ? `?${q}` : ''}`;
}

/** Every node of the tree, depth first. */
export function flatten(nodes: MenuNode[]): MenuNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children)]);
}

/** The entry whose route is pathname (and, for the earlier variant, docType); null if none. */
export function findEntry(nodes: MenuNode[], pathname: string, docType?: string | null): MenuNode | null {
  for (const n of flatten(nodes)) {
    const p = splitPath(n.path);
    if (p.pathname !== pathname) continue;
    const dt = p.query.get('docType');
    if (dt && dt !== docType) continue;
    if (n.children.length > 0 && (dt || docType)) continue;
    return n;
  }
  return null;
}

/** The entries with a docType, first occurrence of each type. */
export function docTypeEntries(nodes: MenuNode[]): MenuNode[] {
  const seen = new Set<string>();
  return flatten(nodes).filter((n) => {
    if (!n.docType || n.hidden || seen.has(n.docType)) return false;
    seen.add(n.docType);
    return true;
  });
}

/** The path of every group of the catalogue (both variants), for telling known routes from unknown ones. */
export function isMenuGroupPath(pathname: string): boolean {
  const first = `/${pathname.split('/')[1] ?? ''}`;
  return menuCatalogue.some((g) => g.path === first) || earlierPaths.includes(first);
}

/** The catalogue's title of a code (a group code, or an entry under groupPath). */
export function catalogueTitle(groupPath: string, code: string): Titles | undefined {
  const groups = menuCatalogue.filter((g) => g.path === groupPath);
  for (const g of groups) {
    if (g.code === code) return g.title;
    const hit = g.children.find((c) => c.code === code);
    if (hit?.title) return hit.title;
  }
  return undefined;
}

/** The title of a menu node in lang: the server's, else the catalogue's, else its code. */
export function nodeTitle(node: MenuNode, groupPath: string, lang: string): string {
  return localText(node.title, lang) || localText(catalogueTitle(groupPath, node.code), lang) || node.code;
}
