import { describe, expect, it } from 'vitest';
import { buildWorklistQuery, emptyFilters, isoDay, quickRangeDates, withDates, withQuickRange } from './query';
import { formHrefOf, openModeOf, worklistOf, worklistOfMenu } from './lists';

const today = new Date(2026, 10, 22, 9, 30); // 2026-11-22, local time

describe('quick date ranges', () => {
  it('turn into the creation dates they cover, today included', () => {
    expect(quickRangeDates(1, today)).toEqual({ from: '2026-11-21', to: '2026-11-22' });
    expect(quickRangeDates(7, today)).toEqual({ from: '2026-11-15', to: '2026-11-22' });
    expect(quickRangeDates(30, today)).toEqual({ from: '2026-10-23', to: '2026-11-22' });
    expect(quickRangeDates(90, today)).toEqual({ from: '2026-08-24', to: '2026-11-22' });
  });

  it('cross month and year ends and leap days', () => {
    expect(quickRangeDates(1, new Date(2027, 0, 1))).toEqual({ from: '2026-12-31', to: '2027-01-01' });
    expect(quickRangeDates(7, new Date(2028, 2, 3))).toEqual({ from: '2028-02-25', to: '2028-03-03' });
    expect(quickRangeDates(30, new Date(2028, 2, 1))).toEqual({ from: '2028-01-31', to: '2028-03-01' });
  });

  it('fill the date fields, and a date typed afterwards ends the range', () => {
    const ranged = withQuickRange(emptyFilters, 7, today);
    expect(ranged).toMatchObject({ quickRange: 7, createAtFrom: '2026-11-15', createAtTo: '2026-11-22' });
    const typed = withDates(ranged, { createAtFrom: '2026-11-01' });
    expect(typed).toMatchObject({ quickRange: 0, createAtFrom: '2026-11-01', createAtTo: '2026-11-22' });
  });

  it('isoDay pads month and day', () => {
    expect(isoDay(new Date(2026, 0, 5))).toBe('2026-01-05');
  });
});

describe('buildWorklistQuery', () => {
  it('defaults to page 1 of 10 and leaves blank filters out', () => {
    expect(buildWorklistQuery('draft', emptyFilters)).toEqual({ list: 'draft', pageSize: 10, currentPage: 1 });
  });

  it('sends the filters given: types (once each), a trimmed business id, creation dates', () => {
    const body = buildWorklistQuery(
      'applied',
      { types: ['EX02', 'EX05', 'EX02', ' '], businessId: '  EX0220261122 ', createAtFrom: '2026-11-01', createAtTo: '2026-11-30', quickRange: 0 },
      { currentPage: 3, pageSize: 20 },
    );
    expect(body).toEqual({
      list: 'applied',
      types: ['EX02', 'EX05'],
      businessId: 'EX0220261122',
      createAtFrom: '2026-11-01',
      createAtTo: '2026-11-30',
      pageSize: 20,
      currentPage: 3,
    });
  });

  it('sends a quick range as quickRange only: the server counts back from its own clock', () => {
    const body = buildWorklistQuery('todo', withQuickRange(emptyFilters, 30, today));
    expect(body).toEqual({ list: 'todo', quickRange: 30, pageSize: 10, currentPage: 1 });
    expect(body).not.toHaveProperty('createAtFrom');
  });

  it('falls back to the defaults for a nonsensical page', () => {
    expect(buildWorklistQuery('done', emptyFilters, { currentPage: 0, pageSize: 0 })).toMatchObject({ pageSize: 10, currentPage: 1 });
  });
});

describe('worklists of the menu', () => {
  it('maps the MY and main entries to their lists', () => {
    expect(['MY00001', 'MY00002', 'MY00003', 'MY00004', 'MY00005', 'MY00006'].map((c) => worklistOfMenu(c))).toEqual([
      'draft',
      'applied',
      'todo',
      'done',
      'returned',
      'recall',
    ]);
    expect(['draft', 'apply', 'backlog', 'haveDone'].map((c) => worklistOfMenu(c))).toEqual(['draft', 'applied', 'todo', 'done']);
    expect(worklistOfMenu('MY00007')).toBeNull();
    expect(worklistOfMenu('X1', 'MY00003')).toBe('todo');
  });

  it('reads a node by its code or the page of its route; groups open no list', () => {
    expect(worklistOf({ code: 'MY00002', path: '/MY/MY00002?page=MY00002', children: [] })).toBe('applied');
    expect(worklistOf({ code: 'other', path: '/MY/other?page=MY00005', children: [] })).toBe('returned');
    expect(worklistOf({ code: 'draft', path: '/main', children: [{}] })).toBeNull();
  });

  it('opens drafts and returned documents to edit, to-dos to review or answer, the rest to read', () => {
    expect(openModeOf('draft', {})).toBe('edit');
    expect(openModeOf('returned', {})).toBe('edit');
    expect(openModeOf('recall', {})).toBe('edit');
    expect(openModeOf('todo', { step: 'task1' })).toBe('oareview');
    expect(openModeOf('todo', { step: 'supplement' })).toBe('oaapplicant');
    expect(openModeOf('applied', {})).toBe('read');
    expect(openModeOf('done', {})).toBe('read');
    expect(formHrefOf('todo', { docType: 'EX02', businessId: 'EX02202611220001', step: 'task1' })).toBe(
      '/form?docType=EX02&businessId=EX02202611220001&action=oareview',
    );
  });
});
