import { describe, expect, it } from 'vitest';
import { maskAccount, masksAny } from './mask';

describe('masked fields', () => {
  it('masks an account number longer than 8 characters to its first 4 and last 4', () => {
    expect(maskAccount('12345678')).toBe('12345678');
    expect(maskAccount('6222020200112233445')).toBe('6222***********3445');
    expect(maskAccount(maskAccount('6222020200112233445'))).toBe('6222***********3445');
    expect(maskAccount('工商银行账户1234567')).toBe('工商银行*****4567');
  });

  it('finds a mask in a field or in the rows of a list field', () => {
    expect(masksAny({ cardNo: { 'ui:options': { mask: 'account' } }, 'ui:order': ['cardNo', '*'] })).toBe(true);
    expect(masksAny({ accounts: { items: { account: { 'ui:options': { mask: 'account' } } }, 'ui:field': 'lineTable' } })).toBe(true);
    expect(masksAny({ code: { 'ui:options': { key: true } }, 'ui:order': ['code', '*'] })).toBe(false);
    expect(masksAny(undefined)).toBe(false);
  });
});
