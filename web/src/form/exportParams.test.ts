import { describe, expect, it } from 'vitest';
import { formExportParams, type ExportChoice } from './exportParams';
import { formExportQuery } from '../api/queries';

const editionFor = (company: string) => (company === '2000' ? 'travel' : 'form');
const base: Omit<ExportChoice, 'businessId' | 'document'> = { docType: 'EX02', action: 'edit', lang: 'zh', editionFor, chosenCompany: '1000' };

describe('formExportParams', () => {
  it('exports a new document at the live version in the chosen company edition', () => {
    const p = formExportParams({ ...base, action: 'new', businessId: '', document: { head: { docType: 'EX02', companyCode: '1000' } } });
    expect(p).toEqual({ docType: 'EX02', subType: '', action: 'new', lang: 'zh', edition: 'form' });
    expect(formExportQuery(p!).queryKey).toEqual(['formExport', 'EX02', '', 'new', 'zh', 'form', null]);
  });

  it('waits while a stored document loads', () => {
    expect(formExportParams({ ...base, businessId: 'EX02202611220001', document: null })).toBeNull();
    // The previous (new) document still on screen does not count.
    expect(formExportParams({ ...base, businessId: 'EX02202611220001', document: { head: { docType: 'EX02' } } })).toBeNull();
  });

  it("exports a stored document at its own schema version in its company's edition", () => {
    const document = { head: { businessId: 'EX02202611220001', docType: 'EX02', companyCode: '2000', schemaVersion: 3, businessType1: 'A01', businessType2: 'A0101' } };
    const p = formExportParams({ ...base, businessId: 'EX02202611220001', document });
    expect(p).toEqual({ docType: 'EX02', subType: 'A01.A0101', action: 'edit', lang: 'zh', edition: 'travel', version: 3 });
    expect(formExportQuery(p!).queryKey).toEqual(['formExport', 'EX02', 'A01.A0101', 'edit', 'zh', 'travel', 3]);
  });

  it('falls back to the chosen company and the live version when the head does not say', () => {
    const p = formExportParams({ ...base, chosenCompany: '2000', businessId: 'X1', document: { head: { businessId: 'X1' } } });
    expect(p).toMatchObject({ edition: 'travel' });
    expect(p).not.toHaveProperty('version');
  });

  it('does not let a new document ask for a version', () => {
    const p = formExportParams({ ...base, action: 'new', businessId: '', document: { head: { schemaVersion: 2 } } });
    expect(p).not.toHaveProperty('version');
  });

  it('needs a document type', () => {
    expect(formExportParams({ ...base, docType: '', businessId: '', document: { head: {} } })).toBeNull();
  });
});
