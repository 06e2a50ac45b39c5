import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { employeeSearchQuery, type EmployeeOption } from '../api/queries';
import type { TaskResult } from '../api/process';

/** What the dialog asks for: a task result, a void or a recall. */
export type CommentAction = TaskResult | 'void' | 'recall';

export interface CommentDialogProps {
  /** The action asked about; null: closed. */
  action: CommentAction | null;
  /** The document it is about, shown in the title. */
  businessId?: string;
  onCancel: () => void;
  /**
   * Carries the action out; resolves with a message to show in the dialog (a refusal of
   * the comment or approver: the dialog stays open) or null when done.
   */
  onConfirm: (comment: string, approver?: string) => Promise<string | null>;
}

function ApproverPicker({ value, onChange }: { value: EmployeeOption | null; onChange: (v: EmployeeOption | null) => void }) {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState('');
  const search = useQuery(employeeSearchQuery(text.trim(), i18n.language));
  return (
    <Autocomplete
      id="process-approver"
      options={search.data ?? []}
      value={value}
      loading={search.isFetching}
      filterOptions={(o) => o}
      isOptionEqualToValue={(a, b) => a.key === b.key}
      getOptionLabel={(o) => `${o.value} (${o.attr1 || o.key})`}
      onChange={(_, v) => onChange(v)}
      onInputChange={(_, v, reason) => {
        if (reason === 'input') setText(v);
      }}
      renderOption={(props, o) => {
        const { key, ...rest } = props;
        return (
          <li key={key} {...rest} data-option={o.attr1 || o.key}>
            {o.value} ({o.attr1 || o.key}){o.attr9 ? ` · ${o.attr9}` : ''}
          </li>
        );
      }}
      renderInput={(params) => <TextField {...params} label={t('process.approver')} required />}
    />
  );
}

/**
 * The comment dialog of the task actions (approve, reject, add-sign, supplement), void
 * and recall: the comment (the request, for add-sign and supplement) and, for add-sign, the
 * approver to add. The server judges both; its refusal is shown here.
 */
export default function CommentDialog({ action, businessId, onCancel, onConfirm }: CommentDialogProps) {
  return (
    <Dialog open={action !== null} onClose={onCancel} maxWidth="sm" fullWidth data-dialog="comment" data-action={action ?? ''}>
      {/* Remounted per action so every opening starts empty. */}
      {action && <CommentForm key={action} action={action} businessId={businessId} onCancel={onCancel} onConfirm={onConfirm} />}
    </Dialog>
  );
}

function CommentForm({ action, businessId, onCancel, onConfirm }: CommentDialogProps & { action: CommentAction }) {
  const { t } = useTranslation();
  const [comment, setComment] = useState('');
  const [approver, setApprover] = useState<EmployeeOption | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      setError(await onConfirm(comment.trim(), action === 'addSign' ? (approver?.attr1 ?? approver?.key ?? '') : undefined));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <DialogTitle>
        {t(`process.actions.${action}`)}
        {businessId ? ` · ${businessId}` : ''}
      </DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
        {action === 'addSign' && <ApproverPicker value={approver} onChange={setApprover} />}
        <TextField
          id="process-comment"
          label={t(action === 'addSign' || action === 'supplement' ? 'process.request' : 'process.comment')}
          required={action === 'reject' || action === 'supplement'}
          multiline
          minRows={3}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 1000 } }}
          autoFocus
        />
        {error && (
          <Alert severity="error" data-error="comment">
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          {t('prompt.cancel')}
        </Button>
        <Button onClick={() => void confirm()} variant="contained" disabled={busy} data-action="confirm-comment">
          {t('prompt.confirm')}
        </Button>
      </DialogActions>
    </>
  );
}
