import { describe, expect, it } from 'vitest';
import type { MenuNode } from '../menu/menu';
import { draftOfRole, groupState, menusToSend, newRoleDraft, roleInputOf, toggleMenu } from './roleDraft';

const node = (code: string, children: string[] = []): MenuNode => ({
  code, title: code, path: `/${code}`, children: children.map((c) => ({ code: c, title: c, path: `/${code}/${c}`, children: [] })),
});
const tree = [node('MY', ['MY00001', 'MY00003']), node('cfg', ['userManage', 'logQuery']), node('Dashboard')];

describe('the role dialog', () => {
  it('ticks a group with its items and an item with its group', () => {
    expect(toggleMenu(tree, [], 'MY', true)).toEqual(['MY', 'MY00001', 'MY00003']);
    expect(toggleMenu(tree, ['MY', 'MY00001', 'MY00003'], 'MY00003', false)).toEqual(['MY', 'MY00001']);
    expect(toggleMenu(tree, ['MY', 'MY00001'], 'MY00001', false)).toEqual([]);
    expect(toggleMenu(tree, [], 'logQuery', true)).toEqual(['cfg', 'logQuery']);
    expect(toggleMenu(tree, ['cfg', 'logQuery', 'userManage'], 'cfg', false)).toEqual([]);
  });

  it('says how much of a group is ticked', () => {
    expect(groupState(tree[0], ['MY', 'MY00001'])).toBe('some');
    expect(groupState(tree[0], ['MY', 'MY00001', 'MY00003'])).toBe('all');
    expect(groupState(tree[1], [])).toBe('none');
    expect(groupState(tree[2], ['Dashboard'])).toBe('all');
  });

  it('sends items and item-less groups, never a group for its items', () => {
    // the seeds store a group code beside its items: sent back, it would grant the excepted items again
    expect(menusToSend(tree, ['MY', 'MY00001', 'Dashboard', 'BV01'])).toEqual(['MY00001', 'Dashboard', 'BV01']);
  });

  it('sends a new role with its id and a change without, allMenus without menus', () => {
    const d = { ...newRoleDraft(), id: ' auditor ', title: { zh: '审计', en: 'Auditor', th: '' }, documentScope: 'company', menus: ['cfg', 'logQuery'] };
    expect(roleInputOf(d, tree)).toEqual({ id: 'auditor', title: { zh: '审计', en: 'Auditor', th: '' }, documentScope: 'company', allMenus: false, menus: ['logQuery'] });
    const edit = draftOfRole({ id: 'admin', title: { zh: '系统管理员' }, documentScope: 'all', allMenus: true, menus: [], holders: ['admin'] });
    expect(roleInputOf(edit, tree)).toEqual({ title: { zh: '系统管理员', en: '', th: '' }, documentScope: 'all', allMenus: true, menus: [] });
  });
});
