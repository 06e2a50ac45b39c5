import type { ErrorSchema } from '@rjsf/utils';
import type { CheckResult, Finding, FormDocument } from '../api/types';
import { parsePath } from './paths';

/**
 * Turns the findings of a CheckResult into rjsf extraErrors:
 * `lineList[3].costType` -> `extraErrors.lineList[3].costType.__errors`; the document-wide
 * path "" lands in the root `__errors`. Each message appears once per field.
 */
export function findingsToExtraErrors(findings: readonly Finding[]): ErrorSchema {
  const root: Record<string | number, unknown> = {};
  for (const finding of findings) {
    let node = root;
    for (const seg of parsePath(finding.path)) {
      const next = node[seg];
      if (next == null || typeof next !== 'object') node[seg] = {};
      node = node[seg] as Record<string | number, unknown>;
    }
    const list = (node.__errors as string[] | undefined) ?? [];
    if (!list.includes(finding.message)) list.push(finding.message);
    node.__errors = list;
  }
  return root as ErrorSchema;
}

/** The rule ids of the confirm-severity findings, comma-joined for `?confirm=`. */
export function confirmRuleIds(findings: readonly Finding[]): string {
  const ids = findings.filter((f) => f.severity === 'confirm').map((f) => f.rule);
  return [...new Set(ids)].join(',');
}

/**
 * The findings of the evaluate call's check shown while drafting: the errors about a
 * whole table (path = the table, as the voucher balance `lineList`) once it has a line,
 * so that 借贷不平衡，差额 … shows under the lines as they are typed. Findings of single
 * fields wait for the save (an empty new form would be all red otherwise).
 */
export function draftFindings(check: CheckResult | undefined, document: FormDocument): Finding[] {
  const rows = document as Record<string, unknown>;
  return (check?.errors ?? []).filter((f) => {
    if (f.severity !== 'error' || !/^[A-Za-z]\w*$/.test(f.path) || f.path === 'head') return false;
    const table = rows[f.path];
    return Array.isArray(table) && table.length > 0;
  });
}

/**
 * The save's refusals with the drafting findings added: a message already shown at a
 * place is not repeated there.
 */
export function withDraftErrors(refused: ErrorSchema, draft: readonly Finding[]): ErrorSchema {
  if (draft.length === 0) return refused;
  const merged: Record<string, unknown> = { ...(refused as Record<string, unknown>) };
  for (const [key, node] of Object.entries(findingsToExtraErrors(draft) as Record<string, { __errors?: string[] }>)) {
    const had = (merged[key] ?? {}) as { __errors?: string[] };
    const errors = [...(had.__errors ?? [])];
    for (const m of node.__errors ?? []) if (!errors.includes(m)) errors.push(m);
    merged[key] = { ...had, __errors: errors };
  }
  return merged as ErrorSchema;
}
