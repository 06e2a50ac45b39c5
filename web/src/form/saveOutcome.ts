import { ApiError, isNotLoggedIn, serviceErrorCodes } from '../api/client';
import type { CheckResult, Finding } from '../api/types';

/** What a refused save means for the page. */
export type SaveRefusal =
  | { kind: 'refused'; message: string; findings: Finding[] }
  | { kind: 'confirm'; message: string; findings: Finding[]; confirmFindings: Finding[] }
  | { kind: 'conflict'; message: string }
  /** Not logged in: the app already says so and logs out (api/client.ts); nothing more to show. */
  | { kind: 'signedOut' }
  /** Anything else: code is the N of 'service call exception! error code: N'; message the server's own text, if any. */
  | { kind: 'failed'; code: number; message: string };

function findingsOf(data: unknown): Finding[] {
  const errors = (data as CheckResult | undefined)?.errors;
  return Array.isArray(errors) ? errors : [];
}

/**
 * Sorts a failed save: 422 ECONFIRM asks to confirm the confirm-severity findings,
 * other 422s are check findings, 409 is a stale version, 401 (or 500 with code "400")
 * means signed out, anything else (including no answer at all) is a service failure
 * with the code to show (ApiError.serviceCode; 0 for an error that is no ApiError).
 */
export function classifySaveError(error: unknown): SaveRefusal {
  if (!(error instanceof ApiError)) {
    return { kind: 'failed', code: serviceErrorCodes.network, message: '' };
  }
  if (error.status === 422) {
    const findings = findingsOf(error.data);
    if (error.code === 'ECONFIRM') {
      return {
        kind: 'confirm',
        message: error.message,
        findings,
        confirmFindings: findings.filter((f) => f.severity === 'confirm'),
      };
    }
    return { kind: 'refused', message: error.message, findings };
  }
  if (error.status === 409) return { kind: 'conflict', message: error.message };
  if (isNotLoggedIn(error.status, error.code)) return { kind: 'signedOut' };
  return { kind: 'failed', code: error.serviceCode, message: error.serverMessage };
}
