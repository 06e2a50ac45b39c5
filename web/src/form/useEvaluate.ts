import { useCallback, useEffect, useRef, useState } from 'react';
import { evaluateDocument } from '../api/evaluate';
import type { FieldState, FormDocument } from '../api/types';

export const EVALUATE_DELAY_MS = 400;

/**
 * Debounced evaluate calls. `schedule(doc)` (re)starts a 400 ms timer (`schedule(doc, 0)`:
 * at once, for a document just put on screen); when it fires the
 * document is posted to /api/formwork/evaluate, an older call still running is aborted,
 * and only the newest answer is used: its field states are returned and its values
 * handed to onValues. A failing call changes nothing (the save reports problems).
 */
export function useEvaluate(action: string, onValues: (values: Record<string, unknown>) => void) {
  const [fieldStates, setFieldStates] = useState<Record<string, FieldState>>({});
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const running = useRef<AbortController | undefined>(undefined);
  const onValuesRef = useRef(onValues);
  onValuesRef.current = onValues;
  // Read when the timer fires: a save switches the page from "new" to "edit" meanwhile.
  const actionRef = useRef(action);
  actionRef.current = action;

  const schedule = useCallback(
    (doc: FormDocument, delay: number = EVALUATE_DELAY_MS) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        running.current?.abort();
        const controller = new AbortController();
        running.current = controller;
        evaluateDocument(doc, actionRef.current, controller.signal).then(
          (result) => {
            if (controller.signal.aborted || running.current !== controller) return;
            setFieldStates(result.fields ?? {});
            if (result.values && Object.keys(result.values).length > 0) onValuesRef.current(result.values);
          },
          () => undefined,
        );
      }, delay);
    },
    [],
  );

  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    running.current?.abort();
    running.current = undefined;
  }, []);

  useEffect(() => cancel, [cancel]);

  return { fieldStates, schedule, cancel };
}
