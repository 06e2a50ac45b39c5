import type { FormExportParams } from '../api/queries';
import type { FormDocument, SchemaRef } from '../api/types';
import { subTypeOf } from './subTypes';

export interface ExportChoice {
  docType: string;
  action: string;
  lang: string;
  /** The businessId of the route; '' for a new document. */
  businessId: string;
  /** The document on screen: null while a stored one loads. */
  document: FormDocument | null;
  /** The export the last save or load named (form.schema), null for a new document. */
  schema: SchemaRef | null;
  /** The language that answer came in (its etag names the export in that language). */
  schemaLang: string;
  /** The edition a company works in (docs/registry.md). */
  editionFor: (company: string) => string;
  /** The company chosen in the top bar (X-company). */
  chosenCompany: string;
}

/**
 * Which export renders the document: a stored one the export its last save or load
 * named (form.schema: its edition and schema version), known by its etag while the
 * sub-type and the language are those of that answer; a new document the live version
 * of its type in the chosen company's edition. Null while a stored document is not
 * loaded yet: its version and edition are not known, and exporting the live one first
 * would render it under the wrong one.
 */
export function formExportParams({ docType, action, lang, businessId, document, schema, schemaLang, editionFor, chosenCompany }: ExportChoice): FormExportParams | null {
  if (!docType || !document) return null;
  const head = document.head;
  const subType = subTypeOf(head);
  if (schema) {
    const params: FormExportParams = { docType: schema.docType || docType, subType, action, lang, edition: schema.edition };
    if (schema.version > 0) params.version = schema.version;
    if (schema.etag && subType === schema.subType && lang === schemaLang) params.etag = schema.etag;
    return params;
  }
  if (businessId) return null;
  const company = typeof head?.companyCode === 'string' && head.companyCode ? head.companyCode : chosenCompany;
  return { docType, subType, action, lang, edition: editionFor(company) };
}
