import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { startProcess, type LifecycleAction, type ProcessView } from '../api/process';
import { processHistoryQuery } from '../api/queries';
import type { StoredForm } from '../api/types';
import { openPrintView } from '../process/print';
import { useCommentAction } from '../process/useCommentAction';
import type { FormSession } from './useFormSession';
import { useDocumentSave } from './useDocumentSave';
import { useRefusals } from './useRefusals';

const isStatus = (error: unknown, status: number) => error instanceof ApiError && error.status === status;

const versionOf = (head: Record<string, unknown> | undefined) => (typeof head?.version === 'number' ? head.version : undefined);

export interface FormActionsInput {
  session: FormSession;
  docType: string;
  businessId: string;
  action: string;
  /** The page instance's key, kept when a new document gains its address. */
  formKey: string;
}

/**
 * How answers move the page on: a save's answer (shown; a new document gains its
 * address), a lifecycle answer (the history, the head, the actions, a notice), and a
 * refusal naming the state (the document again).
 */
function useOutcomes({ session, docType, businessId, action, formKey }: FormActionsInput) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<{ kind: string; message: string } | null>(null);
  const historyKey = processHistoryQuery(businessId, i18n.language).queryKey;

  const onStored = (stored: StoredForm) => {
    session.apply(stored);
    const id = stored.data.head?.businessId ?? '';
    if (id && id !== businessId) {
      const query = new URLSearchParams({ docType, businessId: id, action: action === 'new' ? 'edit' : action });
      navigate(`/form?${query}`, { replace: true, state: { formKey } });
    } else if (id) {
      void queryClient.invalidateQueries({ queryKey: historyKey }); // asked again only while open
    }
  };

  const afterTransition = (view: ProcessView, done: LifecycleAction) => {
    queryClient.setQueryData(historyKey, view);
    session.followProcess(view);
    void queryClient.invalidateQueries({ queryKey: ['worklist'] });
    setNotice({ kind: 'lifecycle', message: t(`process.done.${done}`) });
  };

  const refresh = () => {
    void session.reload();
    void queryClient.invalidateQueries({ queryKey: historyKey });
  };

  return { notice, setNotice, onStored, afterTransition, refresh };
}

/**
 * What the toolbar's buttons do on the form page: save and temporary save (one request:
 * the answer has the document and its whole form), submit (a changed document is saved
 * first), print, and the actions that ask for a comment (useCommentAction). Refusals
 * are shown through useRefusals.
 */
export function useFormActions(input: FormActionsInput) {
  const { session, docType, businessId, action } = input;
  const { t } = useTranslation();
  const refusals = useRefusals();
  const saving = useDocumentSave({ docType, family: session.family, action, refusals });
  const [busy, setBusy] = useState<LifecycleAction | null>(null);
  const outcomes = useOutcomes(input);
  const comment = useCommentAction({ session, businessId, refusals, setBusy, afterTransition: outcomes.afterTransition, refresh: outcomes.refresh });
  const shown = session.shown;

  const save = async (tempSave: boolean) => {
    if (!shown) return;
    session.cancelEvaluate(); // a save supersedes any evaluate call still pending
    setBusy(tempSave ? 'tempSave' : 'save');
    const stored = await saving.save(shown.document, { tempSave }).finally(() => setBusy(null));
    if (stored) {
      outcomes.setNotice({ kind: 'saved', message: tempSave ? t('process.done.tempSave') : t('save.success') });
      outcomes.onStored(stored);
    }
  };

  const submit = async () => {
    if (!shown || !businessId) return;
    setBusy('submit');
    refusals.closePrompt();
    try {
      let version = versionOf(shown.document.head);
      if (session.dirty) {
        session.cancelEvaluate();
        const stored = await saving.save(shown.document);
        if (!stored) return;
        outcomes.onStored(stored);
        version = versionOf(stored.data.head);
      }
      const view = await refusals.withConfirm((confirm) => startProcess({ businessId, version, confirm }));
      if (view) {
        refusals.clearErrors();
        outcomes.afterTransition(view, 'submit');
      }
    } catch (error) {
      refusals.report(error);
      if (isStatus(error, 409)) outcomes.refresh();
    } finally {
      setBusy(null);
    }
  };

  const print = () => {
    setBusy('print');
    openPrintView(businessId)
      .catch((error: unknown) => refusals.report(error))
      .finally(() => setBusy(null));
  };

  const onAction = (a: LifecycleAction) => {
    if (a === 'save' || a === 'tempSave') void save(a === 'tempSave');
    else if (a === 'submit') void submit();
    else if (a === 'print') print();
    else comment.open(a);
  };

  /** After a 409 on save: the stored document again, without the refused findings. */
  const reloadAfterConflict = async () => {
    refusals.closeConflict();
    refusals.clearErrors();
    await session.reload();
  };

  return { refusals, busy, notice: outcomes.notice, closeNotice: () => outcomes.setNotice(null), comment, onAction, reloadAfterConflict };
}
