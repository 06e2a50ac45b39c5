import { useCallback, useEffect, useRef } from 'react';
import { evaluateDocument } from '../api/evaluate';
import type { EvaluateResult, FormDocument } from '../api/types';

export const EVALUATE_DELAY_MS = 400;

/**
 * Debounced evaluate calls while the person types. `schedule(doc)` (re)starts a 400 ms
 * timer (`schedule(doc, 0)`: at once, for a new document just put on screen); when it
 * fires the document is posted to /api/formwork/evaluate under the action mode of that
 * moment, an older call still running is aborted, and only the newest answer is handed
 * to onResult, and only if the document is still the one it was sent with: an answer to
 * a document changed meanwhile (another schedule, or cancel) is dropped, since its
 * defaults would overwrite what was typed since and its derived values are of the older
 * document; the changed document's own call follows. A failing call changes nothing (the
 * save reports problems). A stored document needs no call to open or after a save: those
 * answers carry the states.
 */
export function useEvaluate(action: string, onResult: (result: EvaluateResult) => void) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const running = useRef<AbortController | undefined>(undefined);
  // Counts the documents scheduled (and cancels): an answer is of the latest only if
  // the count has not moved since its call was sent.
  const scheduled = useRef(0);
  const onResultRef = useRef(onResult);
  const actionRef = useRef(action);
  useEffect(() => {
    onResultRef.current = onResult;
    actionRef.current = action;
  });

  const schedule = useCallback((doc: FormDocument, delay: number = EVALUATE_DELAY_MS) => {
    clearTimeout(timer.current);
    scheduled.current++;
    timer.current = setTimeout(() => {
      running.current?.abort();
      const controller = new AbortController();
      running.current = controller;
      const sent = scheduled.current;
      evaluateDocument(doc, actionRef.current, controller.signal).then(
        (result) => {
          // every abort and newer call comes with a schedule or cancel, which moved the count
          if (scheduled.current !== sent) return;
          onResultRef.current(result);
        },
        () => undefined,
      );
    }, delay);
  }, []);

  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    scheduled.current++;
    running.current?.abort();
    running.current = undefined;
  }, []);

  useEffect(() => cancel, [cancel]);

  return { schedule, cancel };
}
