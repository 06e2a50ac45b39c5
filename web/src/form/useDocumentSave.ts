import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ErrorSchema } from '@rjsf/utils';
import { saveDocument } from '../api/documents';
import type { FormDocument } from '../api/types';
import { classifySaveError } from './saveOutcome';
import { confirmRuleIds, findingsToExtraErrors } from './extraErrors';

const noErrors: ErrorSchema = {};

export interface SaveTarget {
  docType: string;
  family: string;
  action: string;
  /** Called with the stored document after a successful save. */
  onStored: (stored: FormDocument) => void;
}

function joinIds(a: string, b: string): string {
  return [...new Set([...a.split(','), ...b.split(',')].filter(Boolean))].join(',');
}

/**
 * Saving a document and what the page shows about it: server errors by path (for rjsf
 * extraErrors), the 提示 notice, the weak-control confirm question (resent with
 * `?confirm=` on 确认), the stale-version dialog and the success notice.
 */
export function useDocumentSave({ docType, family, action, onStored }: SaveTarget) {
  const { t } = useTranslation();
  const [extraErrors, setExtraErrors] = useState<ErrorSchema>(noErrors);
  const [prompt, setPrompt] = useState<{ message: string; detail?: string } | null>(null);
  const [confirmAsk, setConfirmAsk] = useState<{ messages: string[]; ruleIds: string } | null>(null);
  const [conflict, setConflict] = useState(false);
  const [saved, setSaved] = useState(false);
  const mutation = useMutation({ mutationFn: saveDocument });

  const save = (formData: FormDocument, confirm?: string) => {
    if (!family) return;
    setPrompt(null);
    const document: FormDocument = { ...formData, head: { ...formData.head, docType } };
    mutation.mutate(
      { family, document, action, confirm },
      {
        onSuccess: (stored) => {
          setExtraErrors(noErrors);
          setSaved(true);
          onStored(stored);
        },
        onError: (error) => {
          const refusal = classifySaveError(error);
          switch (refusal.kind) {
            case 'refused':
              setExtraErrors(findingsToExtraErrors(refusal.findings));
              setPrompt({ message: refusal.message || t('save.serviceError', { code: 422 }) });
              break;
            case 'confirm':
              setExtraErrors(findingsToExtraErrors(refusal.findings.filter((f) => f.severity !== 'confirm')));
              setConfirmAsk({
                messages: refusal.confirmFindings.map((f) => f.message),
                ruleIds: joinIds(confirm ?? '', confirmRuleIds(refusal.confirmFindings)),
              });
              break;
            case 'conflict':
              setConflict(true);
              break;
            case 'signedOut':
              break;
            case 'failed':
              setPrompt({
                message: t('save.serviceError', { code: refusal.status }),
                detail: refusal.message && refusal.message !== `HTTP ${refusal.status}` ? refusal.message : undefined,
              });
              break;
          }
        },
      },
    );
  };

  return {
    save,
    saving: mutation.isPending,
    extraErrors,
    clearErrors: () => setExtraErrors(noErrors),
    prompt,
    closePrompt: () => setPrompt(null),
    confirmAsk,
    /** 确认: resend the document with the confirmed rule ids. */
    confirm: (formData: FormDocument) => {
      const ids = confirmAsk?.ruleIds ?? '';
      setConfirmAsk(null);
      save(formData, ids);
    },
    cancelConfirm: () => setConfirmAsk(null),
    conflict,
    closeConflict: () => setConflict(false),
    saved,
    closeSaved: () => setSaved(false),
  };
}
