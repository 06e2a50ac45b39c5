import { describe, expect, it } from 'vitest';
import { formExportParams, type ExportChoice } from './exportParams';
import { formExportQuery, formExportUrl } from '../api/queries';
import type { SchemaRef } from '../api/types';

const editionFor = (company: string) => (company === '2000' ? 'travel' : 'form');
const base: Omit<ExportChoice, 'businessId' | 'document'> = { docType: 'EX02', action: 'edit', lang: 'zh', editionFor, chosenCompany: '1000', schema: null, schemaLang: '' };
const ref: SchemaRef = { edition: 'travel', docType: 'EX02', family: 'ar', version: 3, subType: 'A01.A0101', etag: '"3f2a"' };
const storedHead = { businessId: 'EX02202611220001', docType: 'EX02', companyCode: '1000', schemaVersion: 9, businessType1: 'A01', businessType2: 'A0101' };

describe('formExportParams', () => {
  it('exports a new document at the live version in the chosen company edition', () => {
    const p = formExportParams({ ...base, action: 'new', businessId: '', document: { head: { docType: 'EX02', companyCode: '1000' } } });
    expect(p).toEqual({ docType: 'EX02', subType: '', action: 'new', lang: 'zh', edition: 'form' });
    expect(formExportQuery(p!).queryKey).toEqual(['formExport', 'EX02', '', 'new', 'zh', 'form', null, null]);
    expect(formExportUrl(p!)).toBe('/api/formwork/registry/docTypes/EX02/form?action=new&edition=form');
  });

  it('waits while a stored document loads', () => {
    expect(formExportParams({ ...base, businessId: 'EX02202611220001', document: null })).toBeNull();
    // The previous (new) document still on screen does not count.
    expect(formExportParams({ ...base, businessId: 'EX02202611220001', document: { head: { docType: 'EX02' } } })).toBeNull();
  });

  it('exports a stored document as its load named it: edition, version and etag (not from the head)', () => {
    const p = formExportParams({ ...base, businessId: storedHead.businessId, document: { head: storedHead }, schema: ref, schemaLang: 'zh' });
    expect(p).toEqual({ docType: 'EX02', subType: 'A01.A0101', action: 'edit', lang: 'zh', edition: 'travel', version: 3, etag: '"3f2a"' });
    expect(formExportQuery(p!).queryKey).toEqual(['formExport', 'EX02', 'A01.A0101', 'edit', 'zh', 'travel', 3, '"3f2a"']);
    expect(formExportUrl(p!)).toBe('/api/formwork/registry/docTypes/EX02/form?subType=A01.A0101&action=edit&edition=travel&version=3');
  });

  it('drops the etag once the sub-type or the language is not the one of the answer', () => {
    const otherSubType = { head: { ...storedHead, businessType2: 'A0102' } };
    expect(formExportParams({ ...base, businessId: 'X', document: otherSubType, schema: ref, schemaLang: 'zh' })).toEqual({
      docType: 'EX02',
      subType: 'A01.A0102',
      action: 'edit',
      lang: 'zh',
      edition: 'travel',
      version: 3,
    });
    const p = formExportParams({ ...base, lang: 'en', businessId: 'X', document: { head: storedHead }, schema: ref, schemaLang: 'zh' });
    expect(p).not.toHaveProperty('etag');
    expect(p).toMatchObject({ lang: 'en', edition: 'travel', version: 3 });
  });

  it('does not let a new document ask for a version', () => {
    const p = formExportParams({ ...base, action: 'new', businessId: '', document: { head: { docType: 'EX02', schemaVersion: 2 } } });
    expect(p).not.toHaveProperty('version');
  });

  it('needs a document type', () => {
    expect(formExportParams({ ...base, docType: '', businessId: '', document: { head: { docType: '' } } })).toBeNull();
  });
});
