import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { documentQuery, formExportQuery } from '../api/queries';
import type { DocumentHead, FormDocument, SubTypeOption } from '../api/types';
import { localText } from '../i18n/language';
import DocumentForm from '../form/DocumentForm';
import { formView } from '../form/formView';
import { useEvaluate } from '../form/useEvaluate';
import { useDocumentSave } from '../form/useDocumentSave';
import { mergeValues } from '../form/mergeValues';
import { subTypeOf } from '../form/subTypes';
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

/**
 * /form?docType=EX02&businessId=&action=new: renders any document type from its exported
 * schema, evaluates it on change, and saves it.
 */
export default function FormPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const docType = params.get('docType') ?? '';
  const businessId = params.get('businessId') ?? '';
  const action = params.get('action') || (businessId ? 'edit' : 'new');
  const lang = i18n.language;

  const editions = useEdition();
  const [formData, setFormData] = useState<FormDocument | null>(() => (businessId ? null : newDocument(docType, editions.company)));

  // A document renders in its company's edition and, once stored, under the schema version it was saved with.
  const company = typeof formData?.head?.companyCode === 'string' ? formData.head.companyCode : '';
  const edition = editions.editionFor(company || editions.company);
  const savedVersion = businessId && typeof formData?.head?.schemaVersion === 'number' ? formData.head.schemaVersion : undefined;

  // The export names the family, which the document calls need.
  const exportQuery = useQuery({
    ...formExportQuery({ docType, subType: formData ? subTypeOf(formData.head) : '', action, lang, edition, version: savedVersion }),
    enabled: docType !== '' && editions.ready,
  });
  const exported = exportQuery.data;
  const family = exported?.family ?? '';

  const loadQuery = useQuery({ ...documentQuery(family, businessId), enabled: family !== '' && businessId !== '' });
  useEffect(() => {
    if (loadQuery.data) setFormData(loadQuery.data);
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
      schedule(formData);
    }
  }, [formData, exported, schedule]);

  const saving = useDocumentSave({
    docType,
    family,
    action,
    onStored: (stored) => {
      const id = stored.head?.businessId ?? '';
      setFormData(stored);
      if (id) {
        queryClient.setQueryData(documentQuery(family, id).queryKey, stored);
        const query = new URLSearchParams({ docType, businessId: id, action: action === 'new' ? 'edit' : action });
        navigate(`/form?${query}`, { replace: true });
      }
      schedule(stored);
    },
  });

  const view = useMemo(() => (exported ? formView(exported, fieldStates) : null), [exported, fieldStates]);

  const onFormChange = useCallback(
    (next: FormDocument) => {
      setFormData(next);
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

  // A save (or a confirmed resend) supersedes any evaluate call still pending.
  const save = () => {
    if (!formData) return;
    cancel();
    saving.save(formData);
  };
  const confirmAndSave = () => {
    if (!formData) return;
    cancel();
    saving.confirm(formData);
  };

  // After a 409: load the stored document again (the effect above puts it on screen).
  const reload = async () => {
    saving.closeConflict();
    saving.clearErrors();
    if (!family || !businessId) return;
    const { queryKey } = documentQuery(family, businessId);
    await queryClient.refetchQueries({ queryKey });
    const fresh = queryClient.getQueryData(queryKey);
    if (fresh) schedule(fresh);
  };

  if (!docType) return <PageMessage error="no-doc-type">{t('form.missingDocType')}</PageMessage>;
  // The server refuses this person the document (another person's) or the type: 403.
  const refused = [loadQuery.error, exportQuery.error].find((e) => e instanceof ApiError && e.status === 403);
  if (refused) return <ForbiddenPage detail={refused.message} />;
  if (exportQuery.isError && !exported) return <PageMessage error="load-form">{t('form.loadFailed')}</PageMessage>;
  if (loadQuery.isError) {
    const detail = loadQuery.error?.message ? `: ${loadQuery.error.message}` : '';
    return <PageMessage error="load-document">{`${t('form.documentLoadFailed')}${detail}`}</PageMessage>;
  }
  if (!exported || !formData || !view) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }} aria-label={t('form.loading')}>
        <CircularProgress />
      </Box>
    );
  }

  const headUi = (view.uiSchema.head ?? {}) as Record<string, unknown>;
  const bt1Ui = headUi.businessType1 as Record<string, unknown> | undefined;
  const subTypeReadonly = headUi['ui:readonly'] === true || bt1Ui?.['ui:readonly'] === true;

  return (
    <Container maxWidth="xl" sx={{ py: 2 }}>
      <Paper variant="outlined" sx={{ p: 2, position: 'relative' }}>
        {exportQuery.isFetching && <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />}
        <FormHeader
          title={localText(exported.title, lang)}
          head={formData.head}
          subTypes={exported.subTypes?.businessType1}
          readonly={subTypeReadonly}
          onSubTypeChange={onSubTypeChange}
        />
        {exportQuery.isError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {t('form.loadFailed')}
          </Alert>
        )}
        <FormToolbar buttons={exported.buttons ?? ['save']} saving={saving.saving} onSave={save} />
        <DocumentForm
          schema={view.schema as RJSFSchema}
          uiSchema={view.uiSchema as UiSchema}
          formData={formData}
          extraErrors={saving.extraErrors}
          onChange={onFormChange}
        />
      </Paper>
      <PromptNotice message={saving.prompt?.message ?? null} detail={saving.prompt?.detail} onClose={saving.closePrompt} />
      <ConfirmDialog
        open={saving.confirmAsk !== null}
        messages={saving.confirmAsk?.messages ?? []}
        onCancel={saving.cancelConfirm}
        onConfirm={confirmAndSave}
      />
      <ConflictDialog open={saving.conflict} onReload={() => void reload()} onClose={saving.closeConflict} />
      <SavedNotice open={saving.saved} onClose={saving.closeSaved} />
    </Container>
  );
}
