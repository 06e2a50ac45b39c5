import { describe, expect, it } from 'vitest';
import { forbidden, scan } from '../../scripts/scan-bundle.mjs';
import { docTypeEntries, normalizeMenuTree, type MenuNode } from './menu';
import { appPages, resolveEntry, shownMenu } from './pages';
import menuYaml from '../../../schemas/_menu.yaml?raw';

const leaf = (code: string, path: string, page?: MenuNode['page']): MenuNode => ({ code, title: '', path, page, children: [] });

describe('resolveEntry: what a menu entry opens, from the server menu map', () => {
  it.each<[string, MenuNode, ReturnType<typeof resolveEntry>]>([
    ['a worklist', leaf('backlog', '/main/backlog', { kind: 'worklist', list: 'todo' }), { kind: 'worklist', list: 'todo' }],
    ['a worklist this app does not know', leaf('X1', '/MY/X1', { kind: 'worklist', list: 'inbox' }), null],
    ['a list of the type it opens, not its code', leaf('YG00001', '/YG/YG00001', { kind: 'list', opens: 'EX02' }), { kind: 'list', docType: 'EX02', subType: undefined }],
    ['a list with its sub-type', leaf('YG00002', '/ZX/YG00002', { kind: 'list', opens: 'TB', subType: 'T01' }), { kind: 'list', docType: 'TB', subType: 'T01' }],
    ['a new form', leaf('HT1', '/CO/HT1', { kind: 'form', opens: 'HT' }), { kind: 'form', docType: 'HT' }],
    ['a page of the app', leaf('MY00011', '/MY/MY00011', { kind: 'page', page: 'profile' }), { kind: 'page', page: 'profile' }],
    ['a page the app does not have', leaf('creditorManagement', '/creditor/creditorManagement', { kind: 'page', page: 'creditors' }), null],
    ['a report: the report page of its code', leaf('rptLoan', '/rpt/rptLoan', { kind: 'report', report: 'rptLoan' }), { kind: 'report', code: 'rptLoan' }],
    ['a configuration page of a master-data type', leaf('city', '/cfg/city', { kind: 'config', masterData: 'city' }), { kind: 'config' }],
    ['a fixed configuration page', leaf('proxyAuthCfgView', '/main/proxyAuthCfgView', { kind: 'config' }), { kind: 'config' }],
    ['a configuration entry nothing opens', leaf('preRequestPush', '/cfg/preRequestPush', { kind: 'config' }), null],
    ['the push log (voucherLog)', leaf('voucherLog', '/cfg/voucherLog', { kind: 'config' }), { kind: 'config' }],
    ['no map: a worklist by its code', leaf('MY00003', '/MY/MY00003'), { kind: 'worklist', list: 'todo' }],
    ['no map: a document type', { ...leaf('AA', '/payables?docType=AA'), docType: 'AA' }, { kind: 'list', docType: 'AA' }],
  ])('%s', (_, node, want) => {
    expect(resolveEntry(node)).toEqual(want);
  });
});

describe('the menu shown', () => {
  it('leaves out entries without a page here, and groups left empty', () => {
    const tree = normalizeMenuTree([
      {
        menuCode: 'main',
        permissionUrl: '/main',
        children: [
          { menuCode: 'backlog', permissionUrl: '/main/backlog', page: { kind: 'worklist', list: 'todo' } },
          { menuCode: 'creditors', permissionUrl: '/main/creditors', page: { kind: 'page', page: 'creditors' } },
        ],
      },
      { menuCode: 'CW', permissionUrl: '/CW', children: [{ menuCode: 'CW00009', permissionUrl: '/CW/CW00009', page: { kind: 'page', page: 'financeImports' } }] },
      {
        menuCode: 'YG',
        permissionUrl: '/YG',
        children: [{ menuCode: 'YG00001', permissionUrl: '/YG/YG00001', query: { docType: 'YG00001' }, page: { kind: 'list', opens: 'EX02' } }],
      },
    ]);
    const shown = shownMenu(tree);
    expect(shown.map((g) => g.code)).toEqual(['main', 'YG']);
    expect(shown[0].children.map((c) => c.code)).toEqual(['backlog']);
    // YG00001 keeps its route and opens (and is the dashboard's shortcut to) EX02.
    expect(shown[1].children[0]).toMatchObject({ path: '/YG/YG00001?docType=YG00001', docType: 'EX02' });
    expect(docTypeEntries(shown).map((e) => e.docType)).toEqual(['EX02']);
  });

  it('every page schemas/_menu.yaml shows (not pending) is a page of this app', () => {
    const named = [...menuYaml.matchAll(/^ {2}([\w-]+): \{([^}]*kind: page[^}]*)\}/gm)];
    expect(named.length).toBeGreaterThan(0);
    const missing = named
      .filter(([, , body]) => !/pending:/.test(body))
      .map(([, code, body]) => [code, /page: (\w+)/.exec(body)?.[1] ?? ''])
      .filter(([, page]) => !(appPages as readonly string[]).includes(page));
    expect(missing).toEqual([]);
  });
});

describe('no placeholders', () => {
  it('the sources hold none of the texts that promise what is not there (the built bundle: npm run check:bundle)', () => {
    expect(forbidden).toContain('暂未开放');
    expect(scan(new URL('..', import.meta.url).pathname, ['.ts', '.tsx'], (f) => /\.test\.tsx?$/.test(f))).toEqual([]);
  });
});
