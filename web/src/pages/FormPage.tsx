import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
import { documentQuery, formExportQuery } from '../api/queries';
import { saveDocument } from '../api/documents';
import type { DocumentHead, FormDocument, SubTypeOption } from '../api/types';
import { localText } from '../i18n/language';
import DocumentForm from '../form/DocumentForm';
import { formView } from '../form/formView';
import { useEvaluate } from '../form/useEvaluate';
import { mergeValues } from '../form/mergeValues';
import { subTypeOf } from '../form/subTypes';
import { classifySaveError } from '../form/saveOutcome';
import { confirmRuleIds, findingsToExtraErrors } from '../form/extraErrors';
import FormHeader from '../components/FormHeader';
import FormToolbar from '../components/FormToolbar';
import PromptNotice from '../components/PromptNotice';
import ConfirmDialog from '../components/ConfirmDialog';
import ConflictDialog from '../components/ConflictDialog';
import SavedNotice from '../components/SavedNotice';

const noErrors: ErrorSchema = {};

function newDocument(docType: string): FormDocument {
  return { head: { docType } };
}

function joinIds(a: string, b: string): string {
  return [...new Set([...a.split(','), ...b.split(',')].filter(Boolean))].join(',');
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

  const [formData, setFormData] = useState<FormDocument | null>(() => (businessId ? null : newDocument(docType)));
  const [extraErrors, setExtraErrors] = useState<ErrorSchema>(noErrors);
  const [prompt, setPrompt] = useState<{ message: string; detail?: string } | null>(null);
  const [confirmAsk, setConfirmAsk] = useState<{ messages: string[]; ruleIds: string } | null>(null);
  const [conflict, setConflict] = useState(false);
  const [saved, setSaved] = useState(false);

  const exportQuery = useQuery({
    ...formExportQuery({ docType, subType: formData ? subTypeOf(formData.head) : '', action, lang }),
    enabled: docType !== '',
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
    const next = { ...formData, head };
    setFormData(next);
    schedule(next);
  };

  const mutation = useMutation({ mutationFn: saveDocument });

  const save = (confirm?: string) => {
    if (!formData || !family) return;
    cancel();
    setPrompt(null);
    const document: FormDocument = { ...formData, head: { ...formData.head, docType } };
    mutation.mutate(
      { family, document, action, confirm },
      {
        onSuccess: (stored) => {
          const id = stored.head?.businessId ?? '';
          setExtraErrors(noErrors);
          setFormData(stored);
          if (id) {
            queryClient.setQueryData(documentQuery(family, id).queryKey, stored);
            navigate(`/form?${new URLSearchParams({ docType, businessId: id, action: action === 'new' ? 'edit' : action })}`, {
              replace: true,
            });
          }
          setSaved(true);
          schedule(stored);
        },
        onError: (error) => {
          const refusal = classifySaveError(error);
          switch (refusal.kind) {
            case 'refused':
              setExtraErrors(findingsToExtraErrors(refusal.findings));
              setPrompt({ message: refusal.message || t('save.serviceError', { code: 422 }) });
              break;
            case 'confirm':
              setExtraErrors(findingsToExtraErrors(refusal.findings.filter((f) => f.severity !== 'confirm')));
              setConfirmAsk({
                messages: refusal.confirmFindings.map((f) => f.message),
                ruleIds: joinIds(confirm ?? '', confirmRuleIds(refusal.confirmFindings)),
              });
              break;
            case 'conflict':
              setConflict(true);
              break;
            case 'failed':
              setPrompt({
                message: t('save.serviceError', { code: refusal.status }),
                detail: refusal.message && refusal.message !== `HTTP ${refusal.status}` ? refusal.message : undefined,
              });
              break;
          }
        },
      },
    );
  };

  const reload = () => {
    setConflict(false);
    setExtraErrors(noErrors);
    if (family && businessId) void queryClient.refetchQueries({ queryKey: documentQuery(family, businessId).queryKey });
  };

  if (!docType) {
    return (
      <Container sx={{ py: 3 }}>
        <Alert severity="error">{t('form.missingDocType')}</Alert>
      </Container>
    );
  }
  if (exportQuery.isError && !exported) {
    return (
      <Container sx={{ py: 3 }}>
        <Alert severity="error" data-error="load-form">
          {t('form.loadFailed')}
        </Alert>
      </Container>
    );
  }
  if (loadQuery.isError) {
    return (
      <Container sx={{ py: 3 }}>
        <Alert severity="error" data-error="load-document">
          {t('form.documentLoadFailed')}
          {loadQuery.error?.message ? `: ${loadQuery.error.message}` : ''}
        </Alert>
      </Container>
    );
  }
  if (!exported || !formData || !view) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }} aria-label={t('form.loading')}>
        <CircularProgress />
      </Box>
    );
  }

  const headUi = (view.uiSchema.head ?? {}) as Record<string, Record<string, unknown> | undefined>;
  const subTypeReadonly = action === 'read' || headUi['ui:readonly'] === (true as unknown) || headUi.businessType1?.['ui:readonly'] === true;

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
        <FormToolbar
          buttons={exported.buttons ?? ['save']}
          saving={mutation.isPending}
          canSave={action !== 'read'}
          onSave={() => save()}
        />
        <DocumentForm
          schema={view.schema as RJSFSchema}
          uiSchema={view.uiSchema as UiSchema}
          formData={formData}
          extraErrors={extraErrors}
          onChange={onFormChange}
        />
      </Paper>
      <PromptNotice message={prompt?.message ?? null} detail={prompt?.detail} onClose={() => setPrompt(null)} />
      <ConfirmDialog
        open={confirmAsk !== null}
        messages={confirmAsk?.messages ?? []}
        onCancel={() => setConfirmAsk(null)}
        onConfirm={() => {
          const ids = confirmAsk?.ruleIds ?? '';
          setConfirmAsk(null);
          save(ids);
        }}
      />
      <ConflictDialog open={conflict} onReload={reload} onClose={() => setConflict(false)} />
      <SavedNotice open={saved} onClose={() => setSaved(false)} />
    </Container>
  );
}
