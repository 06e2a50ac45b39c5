import type { ErrorSchema } from '@rjsf/utils';
import type { Finding } from '../api/types';
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
