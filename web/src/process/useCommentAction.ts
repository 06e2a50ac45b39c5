import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { completeTask, recallDocument, voidDocument, type LifecycleAction, type ProcessView } from '../api/process';
import { processHistoryQuery } from '../api/queries';
import type { FormSession } from '../form/useFormSession';
import type { Refusals } from '../form/useRefusals';
import type { CommentAction } from './CommentDialog';

const isStatus = (error: unknown, status: number) => error instanceof ApiError && error.status === status;

export interface CommentActionInput {
  session: FormSession;
  businessId: string;
  refusals: Refusals;
  setBusy: (action: LifecycleAction | null) => void;
  /** The action went through: its answer (a ProcessView) moves the page on. */
  afterTransition: (view: ProcessView, done: LifecycleAction) => void;
  /** A refusal naming the state: the document again. */
  refresh: () => void;
}

/**
 * The actions that ask for a comment (approve, reject, add-sign, supplement, void,
 * recall): the
 * dialog's action, and its 确认. A task action needs the open task's id: the form names
 * it when the server sends it, else the history is asked then (one request, on action).
 */
export function useCommentAction({ session, businessId, refusals, setBusy, afterTransition, refresh }: CommentActionInput) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [commentFor, setCommentFor] = useState<CommentAction | null>(null);

  const openTaskId = async (): Promise<number | undefined> => {
    const known = session.shown?.process?.openTask?.taskId;
    if (known !== undefined) return known;
    const view = await queryClient.fetchQuery({ ...processHistoryQuery(businessId, i18n.language), staleTime: 0 });
    return view.openTask?.taskId;
  };

  /** The dialog's 确认. Resolves the message to show in the dialog (a refused comment or approver), else null. */
  const confirm = async (comment: string, approver?: string): Promise<string | null> => {
    const a = commentFor;
    if (!a) return null;
    setBusy(a);
    try {
      let view: ProcessView;
      if (a === 'void' || a === 'recall') {
        const version = session.shown?.document.head?.version;
        const req = { businessId, version: typeof version === 'number' ? version : undefined, comment };
        view = await (a === 'void' ? voidDocument(req) : recallDocument(req));
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

  return { commentFor, open: setCommentFor, cancel: () => setCommentFor(null), confirm };
}
