import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import { queryString, refusedField, valueText } from './api';
import { menusText } from './RolesTable';
import { pageIndex } from './PagedTable';

describe('administration helpers', () => {
  it('asks with the filters set only', () => {
    expect(queryString({ kind: 'user', user: '', from: undefined, page: 2, pageSize: 50 })).toBe('?kind=user&page=2&pageSize=50');
    expect(queryString({ q: '李 四&' })).toBe('?q=%E6%9D%8E+%E5%9B%9B%26');
    expect(queryString({})).toBe('');
  });

  it('reads the field a refusal names', () => {
    expect(refusedField(new ApiError(422, 'ECHECK', 'no role', { path: 'roles[1]' }))).toBe('roles[1]');
    expect(refusedField(new ApiError(422, 'ECHECK', 'check', { findings: [] }))).toBe('');
    expect(refusedField(new Error('x'))).toBe('');
  });

  it('shows a changed value in the reader\'s language', () => {
    expect(valueText({ zh: '信息技术部', en: 'IT' }, 'en')).toBe('IT');
    expect(valueText({ zh: '信息技术部' }, 'th')).toBe('信息技术部');
    expect(valueText(['a', 'b'], 'zh')).toBe('["a","b"]');
    expect(valueText(false, 'zh')).toBe('false');
    expect(valueText(undefined, 'zh')).toBe('');
  });

  it('names a role\'s menus, the long lists cut', () => {
    expect(menusText({ allMenus: true, menus: [] }, 'all', (n) => `+${n}`)).toBe('all');
    const many = Array.from({ length: 15 }, (_, i) => `M${i}`);
    expect(menusText({ allMenus: false, menus: many }, 'all', (n) => `+${n}`)).toBe(`${many.slice(0, 12).join(', ')} +3`);
  });

  it('keeps the pager within the pages there are', () => {
    expect(pageIndex(3, 45, 20)).toBe(2);
    expect(pageIndex(9, 45, 20)).toBe(2);
    expect(pageIndex(1, 0, 20)).toBe(0);
  });
});
