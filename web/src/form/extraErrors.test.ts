import { describe, expect, it } from 'vitest';
import type { Finding } from '../api/types';
import { confirmRuleIds, draftFindings, findingsToExtraErrors, withDraftErrors } from './extraErrors';

const finding = (path: string, message: string, severity: Finding['severity'] = 'error', rule = 'r'): Finding => ({
  path,
  rule,
  severity,
  message,
});

describe('findingsToExtraErrors', () => {
  it('maps paths to nested __errors', () => {
    const errors = findingsToExtraErrors([
      finding('head.amount', '请填写费用或金额'),
      finding('lineList[3].costType', '第4行，费用类型为空'),
      finding('lineList[3].costType', '第4行，费用类型无效'),
      finding('lineList[0]', '第1行未校验'),
    ]);
    expect(errors).toEqual({
      head: { amount: { __errors: ['请填写费用或金额'] } },
      lineList: {
        0: { __errors: ['第1行未校验'] },
        3: { costType: { __errors: ['第4行，费用类型为空', '第4行，费用类型无效'] } },
      },
    });
  });

  it('puts document-wide findings at the root and drops repeats', () => {
    const errors = findingsToExtraErrors([finding('', 'whole'), finding('', 'whole')]);
    expect(errors).toEqual({ __errors: ['whole'] });
  });

  it('keeps a field error and its children apart', () => {
    const errors = findingsToExtraErrors([finding('lineList', 'no rows'), finding('lineList[0].amount', 'zero')]);
    expect(errors).toEqual({ lineList: { __errors: ['no rows'], 0: { amount: { __errors: ['zero'] } } } });
  });
});

describe('confirmRuleIds', () => {
  it('joins the confirm rules once each', () => {
    const ids = confirmRuleIds([
      finding('head.a', 'x', 'confirm', 'ex.over-limit'),
      finding('head.b', 'y', 'error', 'ex.required'),
      finding('head.c', 'z', 'confirm', 'ex.name-differs'),
      finding('head.d', 'z', 'confirm', 'ex.over-limit'),
    ]);
    expect(ids).toBe('ex.over-limit,ex.name-differs');
  });
});

describe('draftFindings', () => {
  const check = (errors: Finding[]) => ({ docType: 'DZ', schemaVersion: 1, valid: false, errors });
  it('keeps the errors about a whole table once it has a line', () => {
    const errors = [
      finding('lineList', '借贷不平衡，差额 150.00', 'error', 'ledger.balanced'),
      finding('head.description', '摘要为空', 'error', 'required'),
      finding('lineList[0].account', '第1行，科目为空', 'error', 'required'),
      finding('paymentList', '请填写支付信息'),
      finding('lineList', 'confirm me', 'confirm'),
    ];
    const doc = { head: { docType: 'DZ' }, lineList: [{ amount: 2150 }, { amount: 2000 }], paymentList: [] };
    expect(draftFindings(check(errors), doc).map((f) => f.message)).toEqual(['借贷不平衡，差额 150.00']);
    expect(draftFindings(undefined, doc)).toEqual([]);
  });
});

describe('withDraftErrors', () => {
  it('adds the drafting findings to the refusals without repeating a message', () => {
    const refused = findingsToExtraErrors([finding('lineList', 'A'), finding('lineList[0].amount', 'B')]);
    const merged = withDraftErrors(refused, [finding('lineList', 'A'), finding('lineList', 'C')]);
    expect(merged).toEqual({ lineList: { __errors: ['A', 'C'], 0: { amount: { __errors: ['B'] } } } });
    expect(withDraftErrors(refused, [])).toBe(refused);
  });
});
