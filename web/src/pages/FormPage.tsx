import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { documentQuery, formExportQuery, processHistoryQuery } from '../api/queries';
import type { DocumentHead, FormDocument, SubTypeOption } from '../api/types';
import { completeTask, startProcess, voidDocument, type LifecycleAction, type ProcessView } from '../api/process';
import { localText } from '../i18n/language';
import DocumentForm from '../form/DocumentForm';
import { formView } from '../form/formView';
import { formExportParams } from '../form/exportParams';
import { formKeyOf } from '../form/formKey';
import { useEvaluate } from '../form/useEvaluate';
import { useDocumentSave } from '../form/useDocumentSave';
import { useRefusals } from '../form/useRefusals';
import { mergeValues } from '../form/mergeValues';
import { otherButtons, toolbarActions } from '../process/toolbarActions';
import { openPrintView } from '../process/print';
import ProcessHistory from '../process/ProcessHistory';
import CommentDialog, { type CommentAction } from '../process/CommentDialog';
import FormHeader from '../components/FormHeader';
import FormToolbar from '../components/FormToolbar';
import PromptNotice from '../components/PromptNotice';
import ConfirmDialog from '../components/ConfirmDialog';
import ConflictDialog from '../components/ConflictDialog';
import SavedNotice from '../components/SavedNotice';
import { ApiError } from '../api/client';
import ForbiddenPage from './ForbiddenPage';
import { useEdition } from '../auth/useEdition';

/**
 * A new document in the chosen company: head.companyCode is the client's to send (it
 * picks the catalogue edition, docs/api.md); the server fills a blank reimburser.
 */
function newDocument(docType: string, company: string): FormDocument {
  return { head: company ? { docType, companyCode: company } : { docType } };
}

function PageMessage({ children, error }: { children: string; error: string }) {
  return (
    <Container sx={{ py: 3 }}>
      <Alert severity="error" data-error={error}>
        {children}
      </Alert>
    </Container>
  );
}

const isStatus = (error: unknown, status: number) => error instanceof ApiError && error.status === status;

/**
 * /form?docType=EX02&businessId=&action=new: renders any document type from its exported
 * schema (a stored document under its own edition and schema version), evaluates it on
 * change, saves it, and offers the lifecycle actions the server allows (submit, approve,
 * reject, add-sign, supplement, void, print) with the approval history below.
 */
export default function FormPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const docType = params.get('docType') ?? '';
  const businessId = params.get('businessId') ?? '';
  const action = params.get('action') || (businessId ? 'edit' : 'new');
  const lang = i18n.language;
  const [formKey] = useState(() => formKeyOf(location.search, location.state));

  const editions = useEdition();
  const [formData, setFormData] = useState<FormDocument | null>(() => (businessId ? null : newDocument(docType, editions.company)));
  // Changed by the person since it was loaded or saved: a submit saves it first.
  const [dirty, setDirty] = useState(false);

  // A stored document: its state, allowed actions and history, and the family of its load URL
  // (its own edition decides the family: EX02 is ap in one edition, ar in another).
  const historyQuery = useQuery({ ...processHistoryQuery(businessId, lang), enabled: businessId !== '' });
  const processView = historyQuery.data;

  // The export of the document's own version and edition (new documents: the live one).
  const exportParams = formExportParams({
    docType,
    action,
    lang,
    businessId,
    document: formData,
    editionFor: editions.editionFor,
    chosenCompany: editions.company,
  });
  const exportQuery = useQuery({
    ...formExportQuery(exportParams ?? { docType, subType: '', action, lang }),
    enabled: exportParams !== null && editions.ready,
  });
  const exported = exportQuery.data;
  const family = businessId ? (processView?.family ?? '') : (exported?.family ?? '');

  const loadQuery = useQuery({ ...documentQuery(family, businessId), enabled: family !== '' && businessId !== '' });
  useEffect(() => {
    if (loadQuery.data) {
      setFormData(loadQuery.data);
      setDirty(false);
    }
  }, [loadQuery.data]);

  const { fieldStates, schedule, cancel } = useEvaluate(action, (values) =>
    setFormData((prev) => (prev ? mergeValues(prev, values) : prev)),
  );

  // Evaluate once when a document is first on screen, for its field states and defaults.
  const evaluatedFor = useRef<string | null>(null);
  useEffect(() => {
    const key = formData?.head?.businessId ?? '';
    if (formData && exported && evaluatedFor.current !== key) {
      evaluatedFor.current = key;
      schedule(formData, 0); // nothing to wait for: nobody is typing yet
    }
  }, [formData, exported, schedule]);

  const refusals = useRefusals();
  const saving = useDocumentSave({ docType, family, action, refusals });
  const [busy, setBusy] = useState<LifecycleAction | null>(null);
  const [notice, setNotice] = useState<{ kind: string; message: string } | null>(null);
  const [commentFor, setCommentFor] = useState<CommentAction | null>(null);

  const historyKey = processHistoryQuery(businessId, lang).queryKey;

  /** A save stored the document: show it, and give a new one its address. */
  const onStored = (stored: FormDocument) => {
    const id = stored.head?.businessId ?? '';
    setFormData(stored);
    setDirty(false);
    if (id) {
      queryClient.setQueryData(documentQuery(family, id).queryKey, stored);
      if (id !== businessId) {
        const query = new URLSearchParams({ docType, businessId: id, action: action === 'new' ? 'edit' : action });
        navigate(`/form?${query}`, { replace: true, state: { formKey } });
      } else {
        void queryClient.invalidateQueries({ queryKey: historyKey });
      }
    }
    schedule(stored);
  };

  /** Loads the stored document and its history again (after a transition or a refusal naming the state). */
  const refresh = async () => {
    const work: Promise<unknown>[] = [queryClient.refetchQueries({ queryKey: historyKey })];
    if (family && businessId) work.push(queryClient.refetchQueries({ queryKey: documentQuery(family, businessId).queryKey }));
    await Promise.all(work);
  };

  /**
   * A lifecycle action went through: its answer is the new history, and the stored
   * document's head follows it (status, version, processId). The owner's actions
   * (submit, void) load the document again; after a task action the approver may no
   * longer open it (the to-do item is gone), so the head takes those three values from
   * the answer instead.
   */
  const afterTransition = (view: ProcessView, done: LifecycleAction) => {
    queryClient.setQueryData(historyKey, view);
    if (done === 'submit' || done === 'void') {
      if (family && businessId) void queryClient.refetchQueries({ queryKey: documentQuery(family, businessId).queryKey });
    } else {
      setFormData((prev) =>
        prev ? { ...prev, head: { ...prev.head, status: view.status, version: view.version, processId: view.processId } } : prev,
      );
    }
    void queryClient.invalidateQueries({ queryKey: ['worklist'] });
    setNotice({ kind: 'lifecycle', message: t(`process.done.${done}`) });
  };

  const save = async (tempSave: boolean) => {
    if (!formData) return;
    cancel(); // a save supersedes any evaluate call still pending
    setBusy(tempSave ? 'tempSave' : 'save');
    const stored = await saving.save(formData, { tempSave }).finally(() => setBusy(null));
    if (stored) {
      setNotice({ kind: 'saved', message: tempSave ? t('process.done.tempSave') : t('save.success') });
      onStored(stored);
    }
  };

  const submit = async () => {
    if (!formData || !businessId) return;
    setBusy('submit');
    refusals.closePrompt();
    try {
      let version = typeof formData.head?.version === 'number' ? formData.head.version : undefined;
      if (dirty) {
        cancel();
        const stored = await saving.save(formData);
        if (!stored) return;
        onStored(stored);
        version = typeof stored.head?.version === 'number' ? stored.head.version : undefined;
      }
      const view = await refusals.withConfirm((confirm) => startProcess({ businessId, version, confirm }));
      if (view) {
        refusals.clearErrors();
        afterTransition(view, 'submit');
      }
    } catch (error) {
      refusals.report(error);
      if (isStatus(error, 409)) void refresh();
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
    switch (a) {
      case 'save':
      case 'tempSave':
        void save(a === 'tempSave');
        return;
      case 'submit':
        void submit();
        return;
      case 'print':
        void print();
        return;
      default:
        setCommentFor(a);
    }
  };

  /** The comment dialog's 确认: the task action (or void). A refused comment or approver stays in the dialog. */
  const confirmComment = async (comment: string, approver?: string): Promise<string | null> => {
    const a = commentFor;
    if (!a) return null;
    setBusy(a);
    try {
      let view: ProcessView;
      if (a === 'void') {
        const version = typeof formData?.head?.version === 'number' ? formData.head.version : undefined;
        view = await voidDocument({ businessId, version, comment });
      } else {
        const taskId = processView?.openTask?.taskId;
        if (taskId === undefined) return t('process.noOpenTask');
        view = await completeTask({ businessId, taskId, result: a, comment, ...(a === 'addSign' ? { approver } : {}) });
      }
      setCommentFor(null);
      afterTransition(view, a);
      return null;
    } catch (error) {
      if (isStatus(error, 400)) return (error as ApiError).message || t('save.serviceError', { code: 400 });
      setCommentFor(null);
      refusals.report(error);
      if (isStatus(error, 409)) void refresh();
      return null;
    } finally {
      setBusy(null);
    }
  };

  const view = useMemo(() => (exported ? formView(exported, fieldStates) : null), [exported, fieldStates]);

  const onFormChange = useCallback(
    (next: FormDocument) => {
      setFormData(next);
      setDirty(true);
      schedule(next);
    },
    [schedule],
  );

  const onSubTypeChange = (bt1: SubTypeOption | undefined, bt2: SubTypeOption | undefined) => {
    if (!formData) return;
    const headProps = exported?.schema.properties?.head?.properties ?? {};
    const head: DocumentHead = { ...formData.head, businessType1: bt1?.key, businessType2: bt2?.key };
    if ('businessType1Txt' in headProps) head.businessType1Txt = bt1?.value;
    if ('businessType2Txt' in headProps) head.businessType2Txt = bt2?.value;
    onFormChange({ ...formData, head });
  };

  // After a 409 on save: load the stored document again (the effect above puts it on screen).
  const reload = async () => {
    refusals.closeConflict();
    refusals.clearErrors();
    if (!family || !businessId) return;
    await refresh();
    const fresh = queryClient.getQueryData(documentQuery(family, businessId).queryKey);
    if (fresh) schedule(fresh);
  };

  if (!docType) return <PageMessage error="no-doc-type">{t('form.missingDocType')}</PageMessage>;
  // The server refuses this person the document (another person's) or the type: 403.
  // (A later refetch that fails leaves what is on screen.)
  const failures = [historyQuery, loadQuery, exportQuery].filter((q) => q.isError && q.data === undefined).map((q) => q.error);
  const refused = failures.find((e) => isStatus(e, 403));
  if (refused) return <ForbiddenPage detail={refused.message} />;
  if (exportQuery.isError && !exported) return <PageMessage error="load-form">{t('form.loadFailed')}</PageMessage>;
  const loadError = loadQuery.isError && !loadQuery.data ? loadQuery.error : historyQuery.isError && !historyQuery.data && !formData ? historyQuery.error : null;
  if (loadError) {
    const detail = loadError.message ? `: ${loadError.message}` : '';
    return <PageMessage error="load-document">{`${t('form.documentLoadFailed')}${detail}`}</PageMessage>;
  }
  if (!exported || !formData || !view) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }} aria-label={t('form.loading')}>
        <CircularProgress />
      </Box>
    );
  }

  const buttons = exported.buttons ?? ['save'];
  const actions = toolbarActions({ isNew: !businessId, mode: action, buttons, process: processView });
  // A stored document nobody may save here (its state, or the mode) is shown read-only.
  const readonly = businessId !== '' && !actions.includes('save');
  const headUi = (view.uiSchema.head ?? {}) as Record<string, unknown>;
  const bt1Ui = headUi.businessType1 as Record<string, unknown> | undefined;
  const subTypeReadonly = readonly || headUi['ui:readonly'] === true || bt1Ui?.['ui:readonly'] === true;
  const head = formData.head;
  const ready = !exportQuery.isFetching && (!businessId || processView !== undefined);

  return (
    <Container maxWidth="xl" sx={{ py: 2 }}>
      <Paper
        variant="outlined"
        sx={{ p: 2, position: 'relative' }}
        data-form-ready={ready ? 'true' : 'false'}
        data-schema-version={exportParams?.version ?? exported.version}
        data-edition={exportParams?.edition ?? ''}
      >
        {(exportQuery.isFetching || historyQuery.isFetching) && <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />}
        <FormHeader
          title={localText(exported.title, lang)}
          head={head}
          status={processView ? { code: processView.status ?? '', text: processView.statusTxt ?? '' } : undefined}
          subTypes={exported.subTypes?.businessType1}
          readonly={subTypeReadonly}
          onSubTypeChange={onSubTypeChange}
        />
        {exportQuery.isError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {t('form.loadFailed')}
          </Alert>
        )}
        {historyQuery.isError && !processView && (
          <Alert severity="error" sx={{ mb: 2 }} data-error="history">
            {`${t('process.historyFailed')}${historyQuery.error?.message ? `: ${historyQuery.error.message}` : ''}`}
          </Alert>
        )}
        <FormToolbar actions={actions} others={otherButtons(buttons)} busy={busy} onAction={onAction} />
        <DocumentForm
          schema={view.schema as RJSFSchema}
          uiSchema={view.uiSchema as UiSchema}
          formData={formData}
          extraErrors={refusals.extraErrors}
          readonly={readonly}
          onChange={onFormChange}
        />
        {processView && <ProcessHistory view={processView} />}
      </Paper>
      <PromptNotice message={refusals.prompt?.message ?? null} detail={refusals.prompt?.detail} onClose={refusals.closePrompt} />
      <ConfirmDialog
        open={refusals.question !== null}
        messages={refusals.question?.messages ?? []}
        onCancel={() => refusals.question?.cancel()}
        onConfirm={() => refusals.question?.confirm()}
      />
      <ConflictDialog open={refusals.conflict} onReload={() => void reload()} onClose={refusals.closeConflict} />
      <CommentDialog action={commentFor} businessId={businessId} onCancel={() => setCommentFor(null)} onConfirm={confirmComment} />
      <SavedNotice open={notice !== null} kind={notice?.kind} message={notice?.message} onClose={() => setNotice(null)} />
    </Container>
  );
}
