import type { FormExportParams } from '../api/queries';
import type { FormDocument } from '../api/types';
import { subTypeOf } from './subTypes';

export interface ExportChoice {
  docType: string;
  action: string;
  lang: string;
  /** The businessId of the route; '' for a new document. */
  businessId: string;
  /** The document on screen: null while a stored one loads. */
  document: FormDocument | null;
  /** The edition a company works in (docs/registry.md). */
  editionFor: (company: string) => string;
  /** The company chosen in the top bar (X-company). */
  chosenCompany: string;
}

/**
 * Which export renders the document: a new document the live version of its type in
 * the chosen company's edition; a stored one the version it was saved with
 * (head.schemaVersion) in its own company's edition, so an old document renders as it
 * was written. Null while a stored document is not loaded yet: its version and edition
 * are not known, and exporting the live one first would render it under the wrong one.
 */
export function formExportParams({ docType, action, lang, businessId, document, editionFor, chosenCompany }: ExportChoice): FormExportParams | null {
  if (!docType || !document) return null;
  const head = document.head;
  const stored = businessId !== '' && typeof head?.businessId === 'string' && head.businessId !== '';
  if (businessId && !stored) return null;
  const company = typeof head?.companyCode === 'string' && head.companyCode ? head.companyCode : chosenCompany;
  const params: FormExportParams = { docType, subType: subTypeOf(head), action, lang, edition: editionFor(company) };
  if (stored && typeof head?.schemaVersion === 'number' && head.schemaVersion > 0) params.version = head.schemaVersion;
  return params;
}
