import { describe, expect, it } from 'vitest';
import type { RJSFSchema } from '@rjsf/utils';
import { mdTypes, vendor, vendorForm } from '../__fixtures__/masterdata';
import { cellText, EXTRA_BODY_COLUMNS, nextSort, recordColumns } from './columns';

const type = (code: string) => mdTypes.find((t) => t.code === code)!;

describe('recordColumns', () => {
  it('shows the key, the name, the first other body fields that fit a cell, then the record columns', () => {
    const cols = recordColumns(type('vendor'), vendorForm.schema, vendorForm.uiSchema);
    expect(cols.map((c) => `${c.id}${c.sort ? ` sort=${c.sort}` : ''}${c.ref ? ` ref=${c.ref}` : ''}`)).toEqual([
      'key:code sort=code',
      'display:name sort=name',
      'body:kind',
      'body:department ref=department',
      'company sort=company',
      'active sort=active',
      'updatedAt sort=updatedAt',
    ]);
    expect(cols[0].title).toBe('供应商代码');
  });

  it('shows every key field, validity for dated types, and at most EXTRA_BODY_COLUMNS other fields', () => {
    const schema: RJSFSchema = {
      type: 'object',
      properties: Object.fromEntries(['rank', 'cityType', 'a', 'b', 'c', 'd'].map((f) => [f, { type: 'string', title: f.toUpperCase() }])),
    };
    const cols = recordColumns(type('travelStandard'), schema, { 'ui:order': ['d', '*'] });
    expect(cols.map((c) => c.id)).toEqual(['key:rank', 'key:cityType', 'body:d', 'body:a', 'body:b', 'active', 'validFrom', 'validTo', 'updatedAt']);
    expect(cols.filter((c) => c.kind === 'body')).toHaveLength(EXTRA_BODY_COLUMNS);
  });

  it('titles fields by their name while the form is not there', () => {
    expect(recordColumns(type('department')).map((c) => `${c.id}:${c.title}`)).toEqual(['key:code:code', 'display:name:name', 'active:', 'updatedAt:']);
  });
});

describe('cells and sorting', () => {
  it('shows enumerations by title, the name from the record', () => {
    const cols = recordColumns(type('vendor'), vendorForm.schema, vendorForm.uiSchema);
    const record = vendor(7, { display: '显示名' });
    expect(cols.slice(0, 3).map((c) => cellText(record, c, vendorForm.schema))).toEqual(['V1007', '显示名', '外部']);
  });

  it.each([
    ['', 'code', 'code'],
    ['code', 'code', '-code'],
    ['-code', 'code', 'code'],
    ['-code', 'name', 'name'],
  ])('sort %j, click %s -> %s', (current, column, next) => {
    expect(nextSort(current, column)).toBe(next);
  });
});
