import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import DocumentForm from '../form/DocumentForm';
import type { FormDocument } from '../api/types';
import { DateInput } from '../widgets/date/DateInput';
import { RefPicker } from '../widgets/ref/RefPicker';
import { RefReadOnly } from '../widgets/ref/RefReadOnly';
import { COMPANY_TYPE, type MasterDataType, type MasterRecord, type RecordForm } from './api';
import { useRecordEditor, type FrameField } from './useRecordEditor';

export interface RecordDialogProps {
  type: MasterDataType;
  form: RecordForm;
  /** The record to edit or show; null: a new one. */
  record: MasterRecord | null;
  /** Shown only: nothing can be changed (a reader without write permission). */
  readOnly: boolean;
  /** The company a new company-scoped record starts in. */
  company: string;
  onClose: () => void;
  onSaved: (saved: MasterRecord) => void;
}

/** The body's uiSchema: the key fields of a stored record cannot change (another key is another record). */
function bodyUiSchema(uiSchema: UiSchema, keys: string[], stored: boolean): UiSchema {
  if (!stored) return uiSchema;
  const out: UiSchema = { ...uiSchema };
  for (const k of keys) out[k] = { ...((uiSchema[k] as UiSchema | undefined) ?? {}), 'ui:readonly': true };
  return out;
}

function FieldErrors({ messages, field }: { messages?: string[]; field: FrameField }) {
  if (!messages?.length) return null;
  return (
    <FormHelperText error data-field-error={field}>
      {messages.join('; ')}
    </FormHelperText>
  );
}

/**
 * A record in a dialog: company (company-scoped types), active, validity (dated types)
 * and the body, rendered by the documents' rjsf form from the type's exported schema.
 * The server checks every save; its findings show at their fields, a stale version
 * offers to reload.
 */
export default function RecordDialog({ type, form, record, readOnly, company, onClose, onSaved }: RecordDialogProps) {
  const { t } = useTranslation();
  const editor = useRecordEditor(type, record, company, onSaved);
  const { frame, frameErrors } = editor;
  const uiSchema = useMemo(() => bodyUiSchema(form.uiSchema, type.keys, !editor.isNew), [form.uiSchema, type.keys, editor.isNew]);
  const title = editor.isNew
    ? t('md.record.titleNew', { type: type.title })
    : readOnly
      ? t('md.record.titleView', { type: type.title, key: editor.key })
      : t('md.record.titleEdit', { type: type.title, key: editor.key });

  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth data-dialog="md-record" data-record={editor.key ?? ''}>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent dividers>
        {editor.stale && (
          <Alert
            severity="warning"
            sx={{ mb: 2 }}
            data-error="stale"
            action={
              <Button color="inherit" size="small" onClick={() => void editor.reload()} data-action="reload">
                {t('md.record.reload')}
              </Button>
            }
          >
            {t('md.record.stale')}
          </Alert>
        )}
        {[...editor.general, ...(editor.failure ? [editor.failure] : [])].map((m) => (
          <Alert key={m} severity="error" sx={{ mb: 2 }} data-error="record">
            {m}
          </Alert>
        ))}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2, alignItems: 'flex-start' }}>
          {type.scope === 'company' && (
            <Box sx={{ minWidth: 260 }}>
              {readOnly ? (
                <RefReadOnly id="md-record-company" type={COMPANY_TYPE} value={frame.company} label={t('md.record.company')} />
              ) : (
                <RefPicker
                  id="md-record-company"
                  type={COMPANY_TYPE}
                  value={frame.company}
                  onChange={(v) => editor.setFrame({ company: v ?? '' })}
                  label={t('md.record.company')}
                  required
                  error={Boolean(frameErrors.company)}
                />
              )}
              <FieldErrors field="company" messages={frameErrors.company} />
            </Box>
          )}
          {type.dated && (
            <>
              <Box sx={{ minWidth: 200 }}>
                <DateInput id="md-record-validFrom" value={frame.validFrom} onChange={(v) => editor.setFrame({ validFrom: v ?? '' })} label={t('md.record.validFrom')} disabled={readOnly} error={Boolean(frameErrors.validFrom)} />
                <FieldErrors field="validFrom" messages={frameErrors.validFrom} />
              </Box>
              <Box sx={{ minWidth: 200 }}>
                <DateInput id="md-record-validTo" value={frame.validTo} onChange={(v) => editor.setFrame({ validTo: v ?? '' })} label={t('md.record.validTo')} disabled={readOnly} error={Boolean(frameErrors.validTo)} />
                <FieldErrors field="validTo" messages={frameErrors.validTo} />
              </Box>
            </>
          )}
          <Box>
            <FormControlLabel
              control={<Switch id="md-record-active" checked={frame.active} disabled={readOnly} onChange={(e) => editor.setFrame({ active: e.target.checked })} />}
              label={t('md.record.active')}
            />
            <FieldErrors field="active" messages={frameErrors.active} />
          </Box>
        </Box>
        <DocumentForm
          schema={form.schema as RJSFSchema}
          uiSchema={uiSchema}
          // The documents' renderer takes any object its schema describes; a record body has no head.
          formData={editor.body as FormDocument}
          extraErrors={editor.extraErrors}
          readonly={readOnly}
          onChange={(body) => editor.setBody(body)}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-action="close">
          {readOnly ? t('md.record.close') : t('md.record.cancel')}
        </Button>
        {!readOnly && (
          <Button variant="contained" onClick={() => void editor.save()} disabled={editor.saving || editor.stale} data-action="save-record">
            {editor.saving ? t('md.record.saving') : t('md.record.save')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
