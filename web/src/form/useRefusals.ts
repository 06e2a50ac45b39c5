import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorSchema } from '@rjsf/utils';
import { classifySaveError } from './saveOutcome';
import { confirmRuleIds, findingsToExtraErrors } from './extraErrors';

const noErrors: ErrorSchema = {};

export interface Prompt {
  message: string;
  detail?: string;
}

function joinIds(a: string, b: string): string {
  return [...new Set([...a.split(','), ...b.split(',')].filter(Boolean))].join(',');
}

/**
 * What the form page shows when the server refuses something (a save, a submit, a task
 * action): the findings at their fields (rjsf extraErrors), the 提示 notice, the
 * stale-version dialog, and the weak-control question (title 提示, 确认 / 取消, warning
 * style) whose 确认 resends the call with `?confirm=` and whose 取消 ends it.
 */
export function useRefusals() {
  const { t } = useTranslation();
  const [extraErrors, setExtraErrors] = useState<ErrorSchema>(noErrors);
  const [prompt, setPrompt] = useState<Prompt | null>(null);
  const [conflict, setConflict] = useState(false);
  const [question, setQuestion] = useState<{ messages: string[]; answer: (yes: boolean) => void } | null>(null);

  /** Asks the weak-control question; resolves true on 确认. */
  const ask = useCallback(
    (messages: string[]) =>
      new Promise<boolean>((resolve) =>
        setQuestion({
          messages,
          answer: (yes) => {
            setQuestion(null);
            resolve(yes);
          },
        }),
      ),
    [],
  );

  /**
   * Runs call; on 422 ECONFIRM shows the other findings, asks about the confirm ones and,
   * on 确认, calls again with every rule id confirmed so far. Resolves null when the
   * question is cancelled; any other refusal is thrown for report().
   */
  const withConfirm = useCallback(
    async <T,>(call: (confirm?: string) => Promise<T>): Promise<T | null> => {
      let confirm = '';
      for (;;) {
        try {
          return await call(confirm || undefined);
        } catch (error) {
          const refusal = classifySaveError(error);
          if (refusal.kind !== 'confirm') throw error;
          const ids = joinIds(confirm, confirmRuleIds(refusal.confirmFindings));
          // Nothing new to confirm: the server asks again about what was confirmed; report it.
          if (ids === confirm) throw error;
          setExtraErrors(findingsToExtraErrors(refusal.findings.filter((f) => f.severity !== 'confirm')));
          if (!(await ask(refusal.confirmFindings.map((f) => f.message)))) return null;
          confirm = ids;
        }
      }
    },
    [ask],
  );

  /**
   * Shows a refusal: 422 findings at their fields and the server's message in the 提示
   * notice; 409 as the stale-version dialog (staleDialog, for saves) or the server's
   * message (a state that does not allow the action); a signed-out answer nothing more
   * (the app logs out); anything else 'service call exception! error code: N'.
   */
  const report = useCallback(
    (error: unknown, { staleDialog = false }: { staleDialog?: boolean } = {}) => {
      const refusal = classifySaveError(error);
      switch (refusal.kind) {
        case 'refused':
        case 'confirm':
          setExtraErrors(findingsToExtraErrors(refusal.findings));
          setPrompt({ message: refusal.message || t('save.serviceError', { code: 422 }) });
          break;
        case 'conflict':
          if (staleDialog) setConflict(true);
          else setPrompt({ message: refusal.message || t('save.serviceError', { code: 409 }) });
          break;
        case 'signedOut':
          break;
        case 'failed':
          // The server's own words (in the request's language) beside the code; never a browser's technical text.
          setPrompt({ message: t('save.serviceError', { code: refusal.code }), detail: refusal.message || undefined });
          break;
      }
    },
    [t],
  );

  return useMemo(
    () => ({
      extraErrors,
      clearErrors: () => setExtraErrors(noErrors),
      prompt,
      closePrompt: () => setPrompt(null),
      conflict,
      closeConflict: () => setConflict(false),
      /** The open weak-control question, for ConfirmDialog. */
      question: question ? { messages: question.messages, confirm: () => question.answer(true), cancel: () => question.answer(false) } : null,
      withConfirm,
      report,
    }),
    [extraErrors, prompt, conflict, question, withConfirm, report],
  );
}

export type Refusals = ReturnType<typeof useRefusals>;
