import { describe, expect, it } from 'vitest';
import {
  catalogueMenu,
  docTypeEntries,
  filterMenu,
  findEntry,
  flatten,
  menuFromPermissions,
  menuHref,
  menuVariant,
  normalizeMenuTree,
  permittedSet,
  withDocTypes,
} from './menu';
import { isKnownPath } from '../routes';
import { stampOf, stripStamp } from '../shell/routeStamp';

// The shape of GET /api/galaxycommon/menu/tree (server/menu_model.go menuNode).
const serverTree = [
  {
    menuCode: 'MY',
    permissionUrl: '/MY',
    title: '我的差旅',
    titles: { zh: '我的差旅', en: 'My travel', th: 'การเดินทางของฉัน' },
    variant: 'current',
    children: [
      { menuCode: 'MY00001', parentCode: 'MY', permissionUrl: '/MY/MY00001', title: '草稿箱', titles: { zh: '草稿箱', en: 'Drafts' }, view: 'list', query: { page: 'MY00001' }, variant: 'current' },
    ],
  },
  {
    menuCode: 'YG',
    permissionUrl: '/YG',
    title: '员工报销',
    titles: { zh: '员工报销', en: 'Employee reimbursement' },
    variant: 'current',
    children: [
      { menuCode: 'BE', parentCode: 'YG', permissionUrl: '/YG/BE', title: '员工费用报销', view: 'formList', query: { docType: 'BE' }, variant: 'current' },
      { menuCode: 'TE', parentCode: 'YG', permissionUrl: '/YG/TE', title: '个人对账', view: 'formList', query: { docType: 'TE' }, hidden: true, variant: 'current' },
    ],
  },
  {
    menuCode: 'payables',
    permissionUrl: '/payables',
    title: '应付',
    variant: 'legacy',
    children: [
      { menuCode: 'AA', parentCode: 'payables', permissionUrl: '/payables/AA', title: '预付款申请', view: 'formList', query: { docType: 'AA' }, variant: 'legacy' },
    ],
  },
];

describe('the server menu tree', () => {
  const menu = normalizeMenuTree(serverTree);

  it('keeps codes, titles in every language, routes with their query, hidden entries', () => {
    expect(menu.map((g) => [g.code, g.path, g.earlier ?? false])).toEqual([
      ['MY', '/MY', false],
      ['YG', '/YG', false],
      ['payables', '/payables', true],
    ]);
    expect(menu[0].title).toEqual({ zh: '我的差旅', en: 'My travel', th: 'การเดินทางของฉัน' });
    expect(menu[0].children[0]).toMatchObject({ code: 'MY00001', path: '/MY/MY00001?page=MY00001', title: { en: 'Drafts' } });
    expect(menu[1].children[0]).toMatchObject({ code: 'BE', path: '/YG/BE?docType=BE', docType: 'BE', title: '员工费用报销' });
    expect(menu[1].children[1]).toMatchObject({ code: 'TE', hidden: true });
  });

  it('opens the earlier variant on the group route with ?docType=', () => {
    expect(menu[2].children[0]).toMatchObject({ code: 'AA', path: '/payables?docType=AA', docType: 'AA' });
  });

  it('reads an object holding the tree, and gives nothing for other shapes', () => {
    expect(normalizeMenuTree({ children: serverTree })).toHaveLength(3);
    expect(normalizeMenuTree(null)).toEqual([]);
    expect(normalizeMenuTree('menu')).toEqual([]);
    expect(normalizeMenuTree([null, 3, {}])).toEqual([]);
  });

  it('carries the version stamp as a route parameter', () => {
    expect(menuHref(menu[1].children[0], 1732200000000)).toBe('/YG/BE/1732200000000?docType=BE');
    expect(menuHref(menu[2].children[0], 1732200000000)).toBe('/payables/1732200000000?docType=AA');
    expect(menuHref(menu[0].children[0], 1732200000000)).toBe('/MY/MY00001/1732200000000?page=MY00001');
    expect(stampOf('/YG/BE/1732200000000')).toBe('1732200000000');
    expect(stripStamp('/YG/BE/1732200000000')).toBe('/YG/BE');
    expect(stripStamp('/payables/1732200000000/')).toBe('/payables');
    expect(stripStamp('/YG/BE')).toBe('/YG/BE');
  });

  it('finds the entry of a route, by docType on the earlier variant', () => {
    expect(findEntry(menu, '/YG/BE', 'BE')?.code).toBe('BE');
    expect(findEntry(menu, '/payables', 'AA')?.code).toBe('AA');
    expect(findEntry(menu, '/payables', 'AB')).toBeNull();
    expect(findEntry(menu, '/MY/MY00001', null)?.code).toBe('MY00001');
    expect(findEntry(menu, '/YG/NOPE', null)).toBeNull();
  });

  it('lists the document types of its entries, hidden ones left out', () => {
    expect(docTypeEntries(menu).map((e) => e.docType)).toEqual(['BE', 'AA']);
  });
});

describe('filtering by permitted menu codes', () => {
  const catalogue = catalogueMenu('current');

  it('keeps only the named entries of a group, and the group', () => {
    const menu = filterMenu(catalogue, new Set(['MY', 'MY00001', 'MY00002']));
    expect(menu.map((g) => g.code)).toEqual(['MY']);
    expect(menu[0].children.map((c) => c.code)).toEqual(['MY00001', 'MY00002']);
  });

  it('keeps a whole group granted without naming its entries', () => {
    const menu = filterMenu(catalogue, new Set(['YG']));
    expect(menu.map((g) => g.code)).toEqual(['YG']);
    expect(menu[0].children.map((c) => c.code)).toEqual(['YG00001', 'BE', 'YG00004', 'BA', 'YG00005', 'BC']);
  });

  it('shows a group when one of its entries is granted', () => {
    const menu = filterMenu(catalogue, new Set(['BE']));
    expect(menu.map((g) => [g.code, g.children.map((c) => c.code)])).toEqual([['YG', ['BE']]]);
  });

  it('matches by route as well as by code', () => {
    const menu = filterMenu(catalogue, permittedSet([{ permissionUrl: '/CO/HT4' }]));
    expect(menu.map((g) => [g.code, g.children.map((c) => c.code)])).toEqual([['CO', ['HT4']]]);
    const server = filterMenu(normalizeMenuTree(serverTree), permittedSet([{ permissionUrl: '/YG/BE' }, { permissionUrl: '/payables/AA' }]));
    expect(server.map((g) => [g.code, g.children.map((c) => c.code)])).toEqual([
      ['YG', ['BE']],
      ['payables', ['AA']],
    ]);
  });

  it('shows nothing without permissions', () => {
    expect(filterMenu(catalogue, new Set())).toEqual([]);
  });

  it('hides the configuration center from an employee and shows it to whoever is granted cfg', () => {
    const employee = [{ menuCode: 'MY' }, { menuCode: 'main' }, { menuCode: 'YG' }].map((p) => ({ ...p, permissionUrl: `/${p.menuCode}` }));
    expect(menuFromPermissions(employee).map((g) => g.code)).toEqual(['MY', 'main', 'YG']);
    expect(menuFromPermissions([...employee, { menuCode: 'cfg', permissionUrl: '/cfg' }]).map((g) => g.code)).toContain('cfg');
  });

  it('takes the earlier variant when the server names its groups', () => {
    const perms = [{ menuCode: 'payables', permissionUrl: '/payables' }, { menuCode: 'AA', permissionUrl: '/payables/AA' }];
    expect(menuVariant(perms)).toBe('earlier');
    expect(menuVariant([{ menuCode: 'AR', permissionUrl: '/AR' }, { menuCode: 'YG', permissionUrl: '/YG' }])).toBe('current');
    const menu = menuFromPermissions(perms);
    expect(menu.map((g) => g.code)).toEqual(['payables']);
    expect(menu[0].children.map((c) => c.path)).toEqual(['/payables?docType=AA']);
  });

  it('marks entries whose code is a registered document type', () => {
    const menu = withDocTypes(filterMenu(catalogue, new Set(['YG'])), new Set(['BE', 'EX02']));
    expect(flatten(menu).filter((n) => n.docType).map((n) => n.code)).toEqual(['BE']);
  });
});

describe('known routes', () => {
  it('knows pages, hidden routes and menu routes', () => {
    for (const p of ['/', '/Dashboard', '/form', '/voucherCfg', '/viewer/1732200000000', '/YG', '/YG/BE/1732200000000', '/payables/1732200000000', '/XX/YY/1732200000000'])
      expect(isKnownPath(p), p).toBe(true);
    for (const p of ['/nope', '/nope/deeper', '/formx']) expect(isKnownPath(p), p).toBe(false);
  });
});
