import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { completeTask, startProcess, voidDocument, type LifecycleAction, type ProcessView } from '../api/process';
import { processHistoryQuery } from '../api/queries';
import type { StoredForm } from '../api/types';
import type { CommentAction } from '../process/CommentDialog';
import { openPrintView } from '../process/print';
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
 * What the toolbar's buttons do on the form page: save and temporary save (one request:
 * the answer has the document and its whole form), submit (a changed document is saved
 * first), print, and the actions that ask for a comment (approve, reject, add-sign,
 * supplement, void). Refusals are shown through useRefusals.
 */
export function useFormActions({ session, docType, businessId, action, formKey }: FormActionsInput) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const refusals = useRefusals();
  const saving = useDocumentSave({ docType, family: session.family, action, refusals });
  const [busy, setBusy] = useState<LifecycleAction | null>(null);
  const [notice, setNotice] = useState<{ kind: string; message: string } | null>(null);
  const [commentFor, setCommentFor] = useState<CommentAction | null>(null);
  const historyKey = processHistoryQuery(businessId, i18n.language).queryKey;
  const shown = session.shown;

  /** A save stored the document: show its answer, and give a new one its address. */
  const onStored = (stored: StoredForm) => {
    session.apply(stored);
    const id = stored.data.head?.businessId ?? '';
    if (id && id !== businessId) {
      const query = new URLSearchParams({ docType, businessId: id, action: action === 'new' ? 'edit' : action });
      navigate(`/form?${query}`, { replace: true, state: { formKey } });
    } else if (id) {
      void queryClient.invalidateQueries({ queryKey: historyKey });
    }
  };

  /** A lifecycle action went through: its answer is the new history, and the document on screen follows it. */
  const afterTransition = (view: ProcessView, done: LifecycleAction) => {
    queryClient.setQueryData(historyKey, view);
    session.followProcess(view);
    void queryClient.invalidateQueries({ queryKey: ['worklist'] });
    setNotice({ kind: 'lifecycle', message: t(`process.done.${done}`) });
  };

  /** A refusal naming the state or version: the document (and the history, when open) again. */
  const refresh = () => {
    void session.reload();
    void queryClient.invalidateQueries({ queryKey: historyKey });
  };

  const save = async (tempSave: boolean) => {
    if (!shown) return;
    session.cancelEvaluate(); // a save supersedes any evaluate call still pending
    setBusy(tempSave ? 'tempSave' : 'save');
    const stored = await saving.save(shown.document, { tempSave }).finally(() => setBusy(null));
    if (stored) {
      setNotice({ kind: 'saved', message: tempSave ? t('process.done.tempSave') : t('save.success') });
      onStored(stored);
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
        onStored(stored);
        version = versionOf(stored.data.head);
      }
      const view = await refusals.withConfirm((confirm) => startProcess({ businessId, version, confirm }));
      if (view) {
        refusals.clearErrors();
        afterTransition(view, 'submit');
      }
    } catch (error) {
      refusals.report(error);
      if (isStatus(error, 409)) refresh();
    } finally {
      setBusy(null);
    }
  };

  const print = async () => {
    setBusy('print');
    try {
      await openPrintView(businessId);
    } catch (error) {
      refusals.report(error);
    } finally {
      setBusy(null);
    }
  };

  const onAction = (a: LifecycleAction) => {
    if (a === 'save' || a === 'tempSave') void save(a === 'tempSave');
    else if (a === 'submit') void submit();
    else if (a === 'print') void print();
    else setCommentFor(a);
  };

  /** The open task's id: from the form when the server names it there, else from the history (asked now). */
  const openTaskId = async (): Promise<number | undefined> => {
    const known = shown?.process?.openTask?.taskId;
    if (known !== undefined) return known;
    const view = await queryClient.fetchQuery({ ...processHistoryQuery(businessId, i18n.language), staleTime: 0 });
    return view.openTask?.taskId;
  };

  /** The comment dialog's 确认: the task action (or void). A refused comment or approver stays in the dialog. */
  const confirmComment = async (comment: string, approver?: string): Promise<string | null> => {
    const a = commentFor;
    if (!a) return null;
    setBusy(a);
    try {
      let view: ProcessView;
      if (a === 'void') {
        view = await voidDocument({ businessId, version: versionOf(shown?.document.head), comment });
      } else {
        const taskId = await openTaskId();
        if (taskId === undefined) return t('process.noOpenTask');
        view = await completeTask({ businessId, taskId, result: a, comment, ...(a === 'addSign' ? { approver } : {}) });
      }
      setCommentFor(null);
      afterTransition(view, a);
      return null;
    } catch (error) {
      if (isStatus(error, 400)) return (error as ApiError).message;
      setCommentFor(null);
      refusals.report(error);
      if (isStatus(error, 409)) refresh();
      return null;
    } finally {
      setBusy(null);
    }
  };

  /** After a 409 on save: the stored document again, without the refused findings. */
  const reloadAfterConflict = async () => {
    refusals.closeConflict();
    refusals.clearErrors();
    await session.reload();
  };

  return {
    refusals,
    busy,
    notice,
    closeNotice: () => setNotice(null),
    commentFor,
    cancelComment: () => setCommentFor(null),
    onAction,
    confirmComment,
    reloadAfterConflict,
  };
}
