import { describe, expect, it } from 'vitest';
import { amountAfter, budgetPages, documentHref, nodeText, usagePercent, usageText } from './format';

describe('budget format', () => {
  it('names a node as the server does', () => {
    expect(nodeText({ companyCode: '1000', department: 'SAL02', budgetAccount: '660201', project: '', period: '2026-11' })).toBe('1000/SAL02/660201/2026-11');
    expect(nodeText({ companyCode: '1000', department: 'SAL02', budgetAccount: '660201', project: 'PJ1', period: '2026-11' })).toBe('1000/SAL02/660201/PJ1/2026-11');
  });
  it('computes usage exactly, none without an amount', () => {
    expect(usagePercent({ amount: 0.3, occupied: 0.1, consumed: 0.2 })).toBe(100);
    expect(usagePercent({ amount: 5000, occupied: 1380, consumed: 0 })).toBe(27.6);
    expect(usagePercent({ amount: 1000, occupied: 1380, consumed: 0 })).toBe(138);
    expect(usagePercent({ amount: 0, occupied: 10, consumed: 0 })).toBeNull();
    expect(usageText({ amount: 3, occupied: 1, consumed: 0 })).toBe('33.3%');
    expect(usageText({ amount: 0, occupied: 0, consumed: 0 })).toBe('—');
  });
  it('adds a change in cents', () => {
    expect(amountAfter(0.1, 0.2)).toBe(0.3);
    expect(amountAfter(5000, -3000.01)).toBe(1999.99);
    expect(amountAfter(5000, undefined)).toBeNull();
  });
  it('gives every /budget page that is no master-data list a page', () => {
    expect(Object.keys(budgetPages).sort()).toEqual(
      ['Confirmation', 'Departmental', 'Import', 'Query', 'bgtLog', 'budgetAdjust', 'budgetTable', 'costCenterGroup'].map((c) => `/budget/${c}`).sort(),
    );
    expect(documentHref('EX02', 'EX02202611240001')).toBe('/form?docType=EX02&businessId=EX02202611240001&action=read');
  });
});
