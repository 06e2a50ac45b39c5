import { describe, expect, it } from 'vitest';
import type { Finding } from '../api/types';
import { confirmRuleIds, findingsToExtraErrors } from './extraErrors';

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
