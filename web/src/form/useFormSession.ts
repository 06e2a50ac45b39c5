import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { FieldPathList } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { formExportQuery, type FormExportParams } from '../api/queries';
import type { CheckResult, DocumentHead, EvaluateResult, FieldState, FormDocument, FormProcess, SchemaRef, StoredForm } from '../api/types';
import type { BudgetPreview, ProcessView } from '../api/process';
import { useEdition, type EditionState } from '../auth/useEdition';
import { formExportParams } from './exportParams';
import { mergeValues } from './mergeValues';
import { setAtPath, type PathSegment } from './paths';
import { rememberNames } from '../masterdata/names';
import { mergePrefill } from './prefill';
import { usePrefill } from './usePrefill';
import { useEvaluate } from './useEvaluate';
import { useStoredLoad } from './useStoredLoad';

/** What the form page shows: the document and what the server said about it. */
export interface Shown {
  document: FormDocument;
  /** Field states: a save's or a load's form.states, then the evaluate calls' while the person types. */
  states: Record<string, FieldState>;
  check?: CheckResult;
  /** The stored document's state and the actions the user may take now; null for a new document. */
  process: FormProcess | null;
  /** The export the last save or load named; null for a new document. */
  schema: SchemaRef | null;
  /** The language of that answer. */
  schemaLang: string;
  /** The action mode of that answer ('' for a new document). */
  formAction: string;
  /** What the document would draw on budgets if submitted now: a save's or a load's form.budget, then evaluate's. */
  budget?: BudgetPreview | null;
}

/**
 * A new document in the chosen company: head.companyCode is the client's to send (it
 * picks the catalogue edition, docs/api.md); the server fills a blank reimburser.
 */
function newShown(docType: string, company: string, subType = ''): Shown {
  const head: DocumentHead = company ? { docType, companyCode: company } : { docType };
  // a menu entry's sub-type preset (schemas/_menu.yaml subType: YG00002 opens TB with T01)
  if (subType) head.businessType1 = subType;
  return { document: { head }, states: {}, process: null, schema: null, schemaLang: '', formAction: '' };
}

/** The page's view of a save's or a load's answer. */
export function shownOf(answer: StoredForm, lang: string): Shown {
  const { data, form } = answer;
  return {
    document: data,
    states: form.states,
    check: form.check,
    process: form.process,
    schema: form.schema,
    schemaLang: lang,
    formAction: form.action,
    budget: form.budget ?? null,
  };
}

function sameJson(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/** A lifecycle answer moves the document on: its head and the process follow it. */
function withProcessView(prev: Shown, view: ProcessView): Shown {
  const head = { ...prev.document.head, status: view.status, version: view.version, processId: view.processId };
  const process: FormProcess = {
    status: view.status ?? prev.process?.status ?? '',
    statusTxt: view.statusTxt,
    processId: view.processId,
    actions: view.actions ?? [],
    openTask: view.openTask ?? null,
    returned: view.returned,
  };
  return { ...prev, document: { ...prev.document, head }, process };
}

/**
 * The export that renders what is shown (see formExportParams): held by etag where
 * the last answer named one, else asked for.
 */
function useFormExport({ docType, action, businessId, lang, shown, editions }: { docType: string; action: string; businessId: string; lang: string; shown: Shown | null; editions: EditionState }) {
  const exportParams = formExportParams({
    docType,
    action: shown?.formAction || action,
    lang,
    businessId,
    document: shown?.document ?? null,
    schema: shown?.schema ?? null,
    schemaLang: shown?.schemaLang ?? '',
    editionFor: editions.editionFor,
    chosenCompany: editions.company,
  });
  const exportQuery = useQuery({
    ...formExportQuery(exportParams ?? { docType, subType: '', action, lang }),
    enabled: exportParams !== null && editions.ready,
  });
  return { exportParams, exportQuery, exported: exportQuery.data };
}

/**
 * A new document the person is filling in: it will be saved, and the page goes on in
 * edit mode, whose export the save's answer names. Fetched now (by the server's ETag
 * it is then held), so that no save waits for a second request.
 */
function usePrefetchEditExport(newParams: FormExportParams | null, version: number | undefined) {
  const queryClient = useQueryClient();
  const { docType = '', subType = '', lang = '', edition = '' } = newParams ?? {};
  const wanted = newParams !== null && newParams.action === 'new' && version !== undefined;
  useEffect(() => {
    if (wanted) void queryClient.prefetchQuery(formExportQuery({ docType, subType, action: 'edit', lang, edition, version }));
  }, [wanted, queryClient, docType, subType, lang, edition, version]);
}

/**
 * The document on the form page and the few requests behind it. A stored document:
 * one load (its form has the states, the check, the process and the export's etag)
 * and the export only when none with that etag is held; its family comes from the
 * registry list the menu already holds. A save's answer replaces what is shown without
 * any further request. A new document: the live export and, alongside it, the user's
 * prefill (merged into its blank head before it shows), then one evaluate for its defaults. While the person types, debounced evaluate calls update states and values.
 */
export function useFormSession({ docType, businessId, action, subType = '' }: { docType: string; businessId: string; action: string; subType?: string }) {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  const editions = useEdition();
  const [shown, setShown] = useState<Shown | null>(() => (businessId ? null : newShown(docType, editions.company, subType)));
  // Changed by the person since it was loaded or saved: a submit saves it first.
  const [dirty, setDirty] = useState(false);

  const apply = useCallback(
    (answer: StoredForm) => {
      // The same field states as shown (a save seldom changes them) keep the form's schema.
      setShown((prev) => {
        const next = shownOf(answer, lang);
        return prev && sameJson(prev.states, next.states) ? { ...next, states: prev.states } : next;
      });
      setDirty(false);
    },
    [lang],
  );

  const showsIt = shown?.schema != null && shown.document.head?.businessId === businessId;
  const { registry, loadQuery, reload } = useStoredLoad({ docType, businessId, action, lang, editions, knownFamily: shown?.schema?.family ?? '', showsIt, apply });

  const { exportParams, exportQuery, exported } = useFormExport({ docType, action, businessId, lang, shown, editions });
  usePrefetchEditExport(dirty && !businessId && shown?.schema === null ? exportParams : null, exported?.version);
  const family = shown?.schema?.family || exported?.family || '';

  const onEvaluated = useCallback((result: EvaluateResult) => {
    // As a transition: a keystroke that comes meanwhile is not kept waiting behind it.
    startTransition(() => setShown((prev) =>
      prev
        ? {
            ...prev,
            // The same states again (typing in a cell seldom changes them) keep the form's
            // schema as it is: a new one would make the form of a long claim start over.
            states: result.fields && !sameJson(result.fields, prev.states) ? result.fields : prev.states,
            check: result.check && !sameJson(result.check, prev.check) ? result.check : prev.check,
            document: mergeValues(prev.document, result.values ?? undefined),
            budget: result.budget ?? prev.budget,
          }
        : prev,
    ));
  }, []);
  const { schedule, cancel } = useEvaluate(action, onEvaluated);

  // A new document: the user's prefill (asked alongside the export) goes into its blank
  // head once, before it is on screen; then one evaluate for its field states and defaults.
  const evaluatedNew = useRef(false);
  const newDocument = !businessId && shown?.schema === null ? shown.document : null;
  const { answer: prefillAnswer, settled: prefillSettled } = usePrefill(docType, !businessId);
  const [prefilled, setPrefilled] = useState(Boolean(businessId));
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!newDocument || !exported || !prefillSettled || evaluatedNew.current) return;
    evaluatedNew.current = true;
    const merged = dirty ? { document: newDocument, names: [] } : mergePrefill(newDocument, prefillAnswer, exported.schema, exported.uiSchema);
    // The names came with the answer: the ref widgets show "code name" without asking.
    for (const n of merged.names) rememberNames(queryClient, n.type, lang, [{ key: n.key, display: n.display }]);
    if (merged.document !== newDocument) setShown((prev) => (prev && prev.document === newDocument ? { ...prev, document: merged.document } : prev));
    setPrefilled(true);
    schedule(merged.document, 0); // nothing to wait for: nobody is typing yet
  }, [newDocument, exported, prefillSettled, prefillAnswer, dirty, lang, queryClient, schedule]);

  const change = useCallback(
    (next: FormDocument) => {
      setShown((prev) => (prev ? { ...prev, document: next } : prev));
      setDirty(true);
      schedule(next);
    },
    [schedule],
  );

  // A line table's rows, in the transition that hands them to the form (DocumentForm's
  // onHandOver); the form's report of them follows with the whole document.
  const handOver = useCallback((path: FieldPathList, rows: unknown) => {
    setShown((prev) => (prev ? { ...prev, document: setAtPath(prev.document, path as PathSegment[], rows) } : prev));
    setDirty(true);
  }, []);

  const followProcess = useCallback((view: ProcessView) => setShown((prev) => (prev ? withProcessView(prev, view) : prev)), []);

  return {
    /** Null while a new document waits for its export and prefill (it opens filled in). */
    shown: prefilled || !newDocument ? shown : null,
    dirty,
    family,
    registry,
    loadQuery,
    exportQuery,
    exportParams,
    exported,
    /** Shows a save's or a load's answer. */
    apply,
    /** The person changed the document. */
    change,
    /** A line table handed the form its rows (not yet reported). */
    handOver,
    /** A lifecycle answer (complete) moved the document on. */
    followProcess,
    reload,
    /** Stops a pending evaluate (a save supersedes it). */
    cancelEvaluate: cancel,
  };
}

export type FormSession = ReturnType<typeof useFormSession>;
