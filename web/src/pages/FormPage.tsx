import { useMemo, useState, type ReactElement } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { DocumentHead, FormProcess, SubTypeOption } from '../api/types';
import { localText } from '../i18n/language';
import DocumentForm from '../form/DocumentForm';
import { formView } from '../form/formView';
import { draftFindings, withDraftErrors } from '../form/extraErrors';
import { formKeyOf } from '../form/formKey';
import { useFormSession, type FormSession } from '../form/useFormSession';
import { useFormActions } from '../form/useFormActions';
import { otherButtons, toolbarActions } from '../process/toolbarActions';
import HistoryPanel from '../process/HistoryPanel';
import RejectionBanner from '../process/RejectionBanner';
import BudgetPanel from '../process/BudgetPanel';
import CommentDialog from '../process/CommentDialog';
import FormHeader from '../components/FormHeader';
import FormToolbar from '../components/FormToolbar';
import FileButtons from '../files/FileButtons';
import VoucherPanel from '../vouchers/VoucherPanel';
import TaxGroupPanel from '../taxes/TaxGroupPanel';
import MoneyOutPanel from '../vouchers/MoneyOutPanel';
import PromptNotice from '../components/PromptNotice';
import ConfirmDialog from '../components/ConfirmDialog';
import ConflictDialog from '../components/ConflictDialog';
import SavedNotice from '../components/SavedNotice';
import { ApiError } from '../api/client';
import ForbiddenPage from './ForbiddenPage';

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

function Loading({ label }: { label: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }} aria-label={label}>
      <CircularProgress />
    </Box>
  );
}

/**
 * What the page shows instead of the form when it cannot show one: no docType, a
 * refusal of the document or the type (403), an export or a load that failed. (A later
 * reload that fails leaves what is on screen.)
 */
function notShown(docType: string, { shown, exported, exportQuery, loadQuery, registry }: FormSession, t: (key: string) => string): ReactElement | null {
  if (!docType) return <PageMessage error="no-doc-type">{t('form.missingDocType')}</PageMessage>;
  const failures = [loadQuery, exportQuery].filter((q) => q.isError && !shown?.schema && q.data === undefined).map((q) => q.error);
  const refused = failures.find((e) => isStatus(e, 403));
  if (refused) return <ForbiddenPage detail={refused.message} />;
  if (exportQuery.isError && !exported) return <PageMessage error="load-form">{t('form.loadFailed')}</PageMessage>;
  const loadError = !shown ? (loadQuery.error ?? registry.error) : null;
  if (loadError) return <PageMessage error="load-document">{`${t('form.documentLoadFailed')}: ${loadError.message}`}</PageMessage>;
  return null;
}

/**
 * /form?docType=EX02&businessId=&action=new: renders any document type from its exported
 * schema (a stored document under the export its load named), evaluates it while the
 * person types, saves it (one request each), and offers the lifecycle actions the
 * server allows (submit, approve, reject, add-sign, supplement, void, print), with the
 * approval history on request.
 */
export default function FormPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const location = useLocation();
  const docType = params.get('docType') ?? '';
  const businessId = params.get('businessId') ?? '';
  const action = params.get('action') || (businessId ? 'edit' : 'new');
  const lang = i18n.language;
  const [formKey] = useState(() => formKeyOf(location.search, location.state));

  // a new document of a menu entry's sub-type (/form?docType=TB&action=new&subType=T01)
  const subType = businessId ? '' : (params.get('subType') ?? '');
  const session = useFormSession({ docType, businessId, action, subType });
  const { shown, exported, exportQuery, loadQuery } = session;
  const actions = useFormActions({ session, docType, businessId, action, formKey });
  const { refusals } = actions;

  const states = shown?.states;
  const view = useMemo(() => (exported ? formView(exported, states) : null), [exported, states]);

  const onSubTypeChange = (bt1: SubTypeOption | undefined, bt2: SubTypeOption | undefined) => {
    if (!shown) return;
    const headProps = exported?.schema.properties?.head?.properties ?? {};
    const head: DocumentHead = { ...shown.document.head, businessType1: bt1?.key, businessType2: bt2?.key };
    if ('businessType1Txt' in headProps) head.businessType1Txt = bt1?.value;
    if ('businessType2Txt' in headProps) head.businessType2Txt = bt2?.value;
    session.change({ ...shown.document, head });
  };

  const stop = notShown(docType, session, t);
  if (stop || !exported || !shown || !view) return stop ?? <Loading label={t('form.loading')} />;

  const { buttons, toolbar, readonly, subTypeReadonly } = toolbarOf(businessId, action, exported.buttons, shown.process, view.uiSchema);
  const ready = !exportQuery.isFetching && (!businessId || shown.process !== null);
  const storedId = typeof shown.document.head?.businessId === 'string' ? shown.document.head.businessId : '';

  return (
    <Container maxWidth="xl" sx={{ py: 2 }}>
      <Paper
        variant="outlined"
        sx={{ p: 2, position: 'relative' }}
        data-form-ready={ready ? 'true' : 'false'}
        data-schema-version={session.exportParams?.version ?? exported.version}
        data-edition={session.exportParams?.edition ?? ''}
      >
        {(exportQuery.isFetching || loadQuery.isFetching) && <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />}
        <FormHeader
          title={localText(exported.title, lang)}
          head={shown.document.head}
          status={statusOf(shown.process, t)}
          subTypes={exported.subTypes?.businessType1}
          readonly={subTypeReadonly}
          onSubTypeChange={onSubTypeChange}
        />
        <RejectionBanner returned={shown.process?.returned} />
        {exportQuery.isError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {t('form.loadFailed')}
          </Alert>
        )}
        <FormToolbar actions={toolbar} others={otherButtons(buttons)} busy={actions.busy} onAction={actions.onAction} />
        <FileButtons
          buttons={buttons}
          businessId={storedId}
          lines={Array.isArray(shown.document.lineList) ? shown.document.lineList.length : 0}
          subject={{ docType, businessType1: String(shown.document.head?.businessType1 ?? ''), businessType2: String(shown.document.head?.businessType2 ?? '') }}
        />
        {!readonly && <BudgetPanel preview={shown.budget} />}
        {storedId && <VoucherPanel businessId={storedId} buttons={buttons} />}
        {storedId && <TaxGroupPanel businessId={storedId} buttons={buttons} />}
        {storedId && shown.process?.status === 'approved' && <MoneyOutPanel businessId={storedId} />}
        <DocumentForm
          schema={view.schema as RJSFSchema}
          uiSchema={view.uiSchema as UiSchema}
          formData={shown.document}
          extraErrors={readonly ? refusals.extraErrors : withDraftErrors(refusals.extraErrors, draftFindings(shown.check, shown.document))}
          readonly={readonly}
          onChange={session.change}
          onHandOver={session.handOver}
        />
        {storedId && <HistoryPanel key={storedId} businessId={storedId} />}
      </Paper>
      <PromptNotice message={refusals.prompt?.message ?? null} detail={refusals.prompt?.detail} onClose={refusals.closePrompt} />
      <ConfirmDialog
        open={refusals.question !== null}
        messages={refusals.question?.messages ?? []}
        onCancel={() => refusals.question?.cancel()}
        onConfirm={() => refusals.question?.confirm()}
      />
      <ConflictDialog open={refusals.conflict} onReload={() => void actions.reloadAfterConflict()} onClose={refusals.closeConflict} />
      <CommentDialog action={actions.comment.commentFor} businessId={businessId} onCancel={actions.comment.cancel} onConfirm={actions.comment.confirm} />
      <SavedNotice open={actions.notice !== null} kind={actions.notice?.kind} message={actions.notice?.message} onClose={actions.closeNotice} />
    </Container>
  );
}

/**
 * The toolbar's buttons and what may be changed: a stored document nobody may save here
 * (its state, or the mode) is shown read-only, and so are its sub-type selects.
 */
function toolbarOf(businessId: string, mode: string, exportButtons: string[] | null, process: FormProcess | null, uiSchema: Record<string, unknown>) {
  const buttons = exportButtons ?? ['save'];
  const toolbar = toolbarActions({ isNew: !businessId, mode, buttons, process });
  const readonly = businessId !== '' && !toolbar.includes('save');
  const headUi = (uiSchema.head ?? {}) as Record<string, unknown>;
  const bt1Ui = headUi.businessType1 as Record<string, unknown> | undefined;
  const subTypeReadonly = readonly || headUi['ui:readonly'] === true || bt1Ui?.['ui:readonly'] === true;
  return { buttons, toolbar, readonly, subTypeReadonly };
}

/**
 * The header's state chip: the lifecycle's states by name in the interface language
 * (zh, en and th; the server's statusTxt has no Thai), another state by the server's text.
 */
function statusOf(process: FormProcess | null, t: (key: string, options?: Record<string, unknown>) => string) {
  if (!process?.status) return undefined;
  return { code: process.status, text: t(`documentStatus.${process.status}`, { defaultValue: process.statusTxt || process.status }) };
}
