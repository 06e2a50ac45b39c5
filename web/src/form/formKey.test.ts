import { describe, expect, it } from 'vitest';
import { formKeyOf } from './formKey';

describe('formKeyOf', () => {
  it('is one page per document type and business id', () => {
    expect(formKeyOf('?docType=EX02&action=new', null)).toBe('EX02|');
    expect(formKeyOf('?docType=EX02&businessId=EX02X1&action=edit', null)).toBe('EX02|EX02X1');
    expect(formKeyOf('?docType=EX02&businessId=EX02X2&action=read', undefined)).toBe('EX02|EX02X2');
  });

  it('keeps the page a new document was saved on', () => {
    expect(formKeyOf('?docType=EX02&businessId=EX02X1&action=edit', { formKey: 'EX02|' })).toBe('EX02|');
    expect(formKeyOf('?docType=EX02&businessId=EX02X1', { other: 1 })).toBe('EX02|EX02X1');
  });
});
