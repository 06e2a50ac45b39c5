import { describe, expect, it } from 'vitest';
import { ApiError, serviceErrorCodes } from '../api/client';
import { classifySaveError } from './saveOutcome';

const check = (errors: unknown[]) => ({ docType: 'EX02', schemaVersion: 1, valid: false, errors });

describe('classifySaveError', () => {
  it('reads a refused save', () => {
    const f = { path: 'head.amount', rule: 'ex.amount', severity: 'error', message: '请填写费用或金额' };
    const r = classifySaveError(new ApiError(422, 'ECHECK', '保存失败！', check([f])));
    expect(r).toEqual({ kind: 'refused', message: '保存失败！', findings: [f] });
  });

  it('reads a confirm request', () => {
    const c = { path: 'head.amount', rule: 'ex.limit', severity: 'confirm', message: '超标' };
    const r = classifySaveError(new ApiError(422, 'ECONFIRM', '请确认', check([c])));
    expect(r.kind).toBe('confirm');
    expect(r.kind === 'confirm' && r.confirmFindings).toEqual([c]);
  });

  it('reads a stale version and other failures', () => {
    expect(classifySaveError(new ApiError(409, 'ECONFLICT', 'stale', null)).kind).toBe('conflict');
    expect(classifySaveError(new ApiError(500, 'EINTERNAL', 'bug', null))).toEqual({ kind: 'failed', code: 500, message: 'bug' });
    expect(classifySaveError(new ApiError(502, '', '', null))).toEqual({ kind: 'failed', code: 502, message: '' });
  });

  it('never passes on a technical text: no answer is a service failure with its documented code', () => {
    expect(classifySaveError(new TypeError('Failed to fetch'))).toEqual({ kind: 'failed', code: 0, message: '' });
    expect(classifySaveError(new ApiError(0, 'ENETWORK', '', null, serviceErrorCodes.network))).toEqual({ kind: 'failed', code: 0, message: '' });
    expect(classifySaveError(new ApiError(0, 'ETIMEOUT', '', null, serviceErrorCodes.timeout))).toEqual({ kind: 'failed', code: 408, message: '' });
  });

  it('leaves "not logged in" to the app-wide handler', () => {
    expect(classifySaveError(new ApiError(401, '400', 'not logged in!', null))).toEqual({ kind: 'signedOut' });
    expect(classifySaveError(new ApiError(500, '400', 'not logged in', null))).toEqual({ kind: 'signedOut' });
  });
});
