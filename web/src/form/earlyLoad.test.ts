// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import i18n from '../i18n';
import { clearExportCache } from '../api/exportCache';
import { docTypesQuery, formExportQuery } from '../api/queries';
import { EARLY_LOAD_KEPT_MS, FAMILY_HINTS_KEY, familyHint, formAddress, hasEarlyLoad, rememberFamily, startEarlyLoad, takeEarlyLoad } from './earlyLoad';

type Answer = { status: number; body: unknown; headers?: Record<string, string> };
let answers: Record<string, Answer>;
let asked: string[];

const stored = (family: string) => ({
  code: 'S000',
  message: 'success',
  data: { head: { docType: 'EX02', businessId: 'B1', businessType1: 'A04' } },
  form: { action: 'edit', states: {}, schema: { docType: 'EX02', family, edition: 'form', version: 2, subType: 'A04', etag: '"e2"' }, process: { status: 'draft', processId: '', actions: [] } },
});
const exported = { code: 'S000', message: 'success', data: { docType: 'EX02', version: 2, schema: { type: 'object' }, uiSchema: {} } };

beforeEach(async () => {
  await i18n.changeLanguage('zh');
  localStorage.clear();
  clearExportCache();
  answers = {};
  asked = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = url.replace(/[?&]lang=zh/, '');
      asked.push(path);
      const a = answers[path.split('?')[0]] ?? { status: 404, body: { code: 'E404', message: 'no' } };
      return new Response(JSON.stringify(a.body), { status: a.status, headers: a.headers });
    }),
  );
});

afterEach(() => {
  takeEarlyLoad('B1', 'edit');
  vi.unstubAllGlobals();
});

const at = (search: string) => ({ pathname: '/form', search });

describe('formAddress', () => {
  it.each([
    ['/form', '?docType=EX02&businessId=B1&action=view', { docType: 'EX02', businessId: 'B1', action: 'view' }],
    ['/form/', '?docType=EX02&businessId=B1', { docType: 'EX02', businessId: 'B1', action: 'edit' }],
    ['/form', '?docType=EX02&action=new', null],
    ['/form', '?businessId=B1', null],
    ['/Dashboard', '?docType=EX02&businessId=B1', null],
  ])('%s%s', (pathname, search, want) => {
    expect(formAddress(pathname, search)).toEqual(want);
  });
});

describe('family hints', () => {
  it('keeps the family that answered, by document type', () => {
    expect(familyHint('EX02')).toBe('');
    rememberFamily('EX02', 'ap');
    rememberFamily('TB', 'tr');
    expect(familyHint('EX02')).toBe('ap');
    expect(familyHint('TB')).toBe('tr');
    localStorage.setItem(FAMILY_HINTS_KEY, 'not json');
    expect(familyHint('EX02')).toBe('');
  });
});

describe('startEarlyLoad', () => {
  const session = ['/api/galaxycommon/user/current', '/api/formwork/registry/editions', '/api/galaxycommon/menu/tree'];
  const documentRequests = () => asked.filter((a) => !session.includes(a));

  it('asks nothing without a credential, nor off the form page; without a family hint only what the session needs', async () => {
    const client = new QueryClient();
    rememberFamily('EX02', 'ap');
    expect(startEarlyLoad(client, at('?docType=EX02&businessId=B1'), 'zh')).toBe(false);
    localStorage.setItem('token', 'T1');
    expect(startEarlyLoad(client, { pathname: '/Dashboard', search: '' }, 'zh')).toBe(false);
    expect(asked).toEqual([]);
    localStorage.removeItem(FAMILY_HINTS_KEY);
    expect(startEarlyLoad(client, at('?docType=EX02&businessId=B1'), 'zh')).toBe(false);
    expect(hasEarlyLoad('B1', 'edit')).toBe(false);
    await vi.waitFor(() => expect([...asked].sort()).toEqual([...session].sort()));
  });

  it("asks for the registry list of the chosen company's edition once the editions answer", async () => {
    const client = new QueryClient();
    localStorage.setItem('token', 'T1');
    localStorage.setItem('company', '3000');
    const entries = [{ docType: 'EX02', family: 'ap' }];
    answers['/api/formwork/registry/editions'] = {
      status: 200,
      body: { code: 'S000', message: 'success', data: [{ key: 'form', default: true }, { key: 'th', companies: ['3000'] }] },
    };
    answers['/api/formwork/registry/docTypes'] = { status: 200, body: { code: 'S000', message: 'success', data: entries } };
    expect(startEarlyLoad(client, at('?docType=EX02&businessId=B1'), 'zh')).toBe(false);
    await vi.waitFor(() => expect(client.getQueryData(docTypesQuery('zh', 'th').queryKey)).toEqual(entries));
    expect(documentRequests()).toEqual(['/api/formwork/registry/docTypes?edition=th']);
  });

  it('loads under the hinted family, puts the export its answer names in the cache, and hands the answer over once', async () => {
    const client = new QueryClient();
    localStorage.setItem('token', 'T1');
    rememberFamily('EX02', 'ap');
    answers['/api/galaxyform/yx/ap/head/load'] = { status: 200, body: stored('ap') };
    answers['/api/formwork/registry/docTypes/EX02/form'] = { status: 200, body: exported, headers: { ETag: '"e2"' } };
    expect(startEarlyLoad(client, at('?docType=EX02&businessId=B1'), 'zh')).toBe(true);
    expect(hasEarlyLoad('B1', 'view')).toBe(false);
    expect(hasEarlyLoad('B1', 'edit')).toBe(true);
    const answer = takeEarlyLoad('B1', 'edit');
    expect(takeEarlyLoad('B1', 'edit')).toBeUndefined();
    expect((await answer)?.form.schema.family).toBe('ap');
    const key = formExportQuery({ docType: 'EX02', subType: 'A04', action: 'edit', lang: 'zh', edition: 'form', version: 2, etag: '"e2"' }).queryKey;
    await vi.waitFor(() => expect(client.getQueryData(key)).toBeDefined());
    expect(documentRequests()).toEqual(['/api/galaxyform/yx/ap/head/load?businessId=B1&action=edit', '/api/formwork/registry/docTypes/EX02/form?subType=A04&action=edit&edition=form&version=2']);
  });

  it('a family the server refuses (400) is followed by the families the registry lists', async () => {
    const client = new QueryClient();
    localStorage.setItem('token', 'T1');
    rememberFamily('EX02', 'old');
    answers['/api/galaxyform/yx/old/head/load'] = { status: 400, body: { code: 'E400', message: 'wrong family' } };
    answers['/api/formwork/registry/docTypes'] = { status: 200, body: { code: 'S000', message: 'success', data: [{ docType: 'EX02', family: 'ap' }] } };
    answers['/api/galaxyform/yx/ap/head/load'] = { status: 200, body: stored('ap') };
    answers['/api/formwork/registry/docTypes/EX02/form'] = { status: 200, body: exported };
    expect(startEarlyLoad(client, at('?docType=EX02&businessId=B1&action=edit'), 'zh')).toBe(true);
    const answer = await takeEarlyLoad('B1', 'edit');
    expect(answer?.form.schema.family).toBe('ap');
    expect(documentRequests().slice(0, 3)).toEqual(['/api/galaxyform/yx/old/head/load?businessId=B1&action=edit', '/api/formwork/registry/docTypes', '/api/galaxyform/yx/ap/head/load?businessId=B1&action=edit']);
  });

  it('hands over neither a failed answer nor one older than EARLY_LOAD_KEPT_MS', async () => {
    const client = new QueryClient();
    localStorage.setItem('token', 'T1');
    rememberFamily('EX02', 'ap');
    answers['/api/galaxyform/yx/ap/head/load'] = { status: 403, body: { code: 'EFORBIDDEN', message: 'not yours' } };
    answers['/api/formwork/registry/docTypes'] = { status: 403, body: { code: 'EFORBIDDEN', message: 'not yours' } };
    expect(startEarlyLoad(client, at('?docType=EX02&businessId=B1'), 'zh')).toBe(true);
    await vi.waitFor(() => expect(hasEarlyLoad('B1', 'edit')).toBe(false));
    expect(takeEarlyLoad('B1', 'edit')).toBeUndefined();

    answers['/api/galaxyform/yx/ap/head/load'] = { status: 200, body: stored('ap') };
    expect(startEarlyLoad(client, at('?docType=EX02&businessId=B1'), 'zh')).toBe(true);
    expect(takeEarlyLoad('B1', 'edit', performance.now() + EARLY_LOAD_KEPT_MS + 1)).toBeUndefined();
    expect(hasEarlyLoad('B1', 'edit')).toBe(false);
  });
});
