import { useState } from 'react';
import { saveDocument } from '../api/documents';
import type { FormDocument, StoredForm } from '../api/types';
import type { Refusals } from './useRefusals';

export interface SaveTarget {
  docType: string;
  family: string;
  action: string;
  /** Where refusals are shown (and the weak-control question asked). */
  refusals: Refusals;
}

/**
 * Saving a document: create or update, plain or temporary (暂存), with the weak-control
 * question answered through refusals (resent with `?confirm=` on 确认). Resolves with the
 * stored document and its form (one request: nothing needs asking afterwards), or null
 * when the save was refused (shown) or cancelled.
 */
export function useDocumentSave({ docType, family, action, refusals }: SaveTarget) {
  const [saving, setSaving] = useState(false);

  const save = async (formData: FormDocument, { tempSave = false }: { tempSave?: boolean } = {}): Promise<StoredForm | null> => {
    if (!family) return null;
    refusals.closePrompt();
    setSaving(true);
    try {
      const document: FormDocument = { ...formData, head: { ...formData.head, docType } };
      const stored = await refusals.withConfirm((confirm) => saveDocument({ family, document, action, confirm, tempSave }));
      if (stored) refusals.clearErrors();
      return stored;
    } catch (error) {
      refusals.report(error, { staleDialog: true });
      return null;
    } finally {
      setSaving(false);
    }
  };

  return { save, saving };
}
