import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Alert from '@mui/material/Alert';
import UploadFile from '@mui/icons-material/UploadFile';
import { errorText } from '../api/client';
import { helpDocs, linkFile, listAttachments, uploadFile, type Uploaded } from './api';
import { formatMoney } from '../widgets/money/money';
import FileViewer from './FileViewer';

/** A file of the dialog: uploaded or linked, or on its way up. */
interface Item {
  key: string;
  fileId?: string;
  name: string;
  kind?: string;
  line: string;
  /** The guide's file group the file is of ('' none): a save checks the required ones. */
  group: string;
  progress: number;
  error?: string;
  linked: boolean;
  /** The invoices the upload recognised (into my invoices, to pick for an invoice line). */
  invoices?: Uploaded['invoices'];
}

export interface AttachmentsDialogProps {
  open: boolean;
  onClose: () => void;
  /** The stored document ('' while it is new: uploads are linked once it is saved). */
  businessId: string;
  /** How many charge lines the document has (a file may belong to one). */
  lines: number;
  /** Whether this mode offers uploading (the imageUpload button), else viewing only. */
  canUpload: boolean;
  /** The document's type and business types: the guide's file groups offered for an upload. */
  subject?: { docType: string; businessType1?: string; businessType2?: string };
}

/** A file group of the reimbursement guide for the document's business type. */
interface GroupOption {
  group: string;
  name: string;
  required: boolean;
}

/** The document's images and attachments: drag-and-drop upload with progress, several files per line, and the viewer. */
export default function AttachmentsDialog({ open, onClose, businessId, lines, canUpload, subject }: AttachmentsDialogProps) {
  const { t } = useTranslation();
  const [items, setItems] = useState<Item[]>([]);
  const [line, setLine] = useState('');
  const [group, setGroup] = useState('');
  const [groups, setGroups] = useState<GroupOption[]>([]);
  const [shown, setShown] = useState<Item | null>(null);
  const [dragging, setDragging] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);

  const patch = (key: string, p: Partial<Item>) => setItems((all) => all.map((i) => (i.key === key ? { ...i, ...p } : i)));

  // the stored document's files
  useEffect(() => {
    if (!open || !businessId) return;
    listAttachments(businessId)
      .then((list) =>
        setItems((mine) => {
          const known = new Set(list.map((a) => a.fileId));
          const stored: Item[] = list.map((a) => ({ key: a.fileId, fileId: a.fileId, name: a.name, kind: a.kind, line: a.line, group: a.group, progress: 1, linked: true }));
          return [...stored, ...mine.filter((i) => !i.fileId || !known.has(i.fileId))];
        }),
      )
      .catch((e) => setLoadError(errorText(e)));
  }, [open, businessId]);

  // the guide's file groups of the business type (the required ones a save checks)
  const { docType = '', businessType1 = '', businessType2 = '' } = subject ?? {};
  useEffect(() => {
    if (!open || !canUpload || !docType) return;
    helpDocs({ docType, businessType1, businessType2 })
      .then((g) => {
        const seen = new Map<string, GroupOption>();
        for (const e of g.entries ?? [])
          for (const f of e.fileList ?? [])
            if (f.fileGroup && !seen.has(f.fileGroup)) seen.set(f.fileGroup, { group: f.fileGroup, name: f.fileName, required: f.required });
        setGroups([...seen.values()]);
      })
      .catch(() => setGroups([]));
  }, [open, canUpload, docType, businessType1, businessType2]);

  // files uploaded before the document was saved are linked to it once it is
  useEffect(() => {
    if (!businessId) return;
    for (const i of items) {
      if (i.fileId && !i.linked && !i.error) {
        patch(i.key, { linked: true });
        linkFile(i.fileId, businessId, i.line, i.group).catch((e) => patch(i.key, { error: errorText(e), linked: false }));
      }
    }
  }, [businessId, items]);

  const upload = useCallback(
    (files: FileList | File[]) => {
      for (const file of Array.from(files)) {
        const key = `${file.name}-${Date.now()}-${Math.random()}`;
        setItems((all) => [...all, { key, name: file.name, line, group, progress: 0, linked: businessId !== '' }]);
        uploadFile(file, { businessId, line, group }, (p) => patch(key, { progress: p }))
          .then((f) => {
            const done = { fileId: f.fileId, kind: f.kind, name: f.name, progress: 1, invoices: f.invoices };
            patch(key, done);
            setShown((s) => s ?? { key, line, group, linked: businessId !== '', ...done });
          })
          .catch((e) => patch(key, { error: errorText(e), progress: 1 }));
      }
    },
    [businessId, line, group],
  );

  const lineLabel = (l: string) => (l === '' ? t('files.head') : t('files.line', { n: Number(/\d+/.exec(l)?.[0] ?? 0) + 1 }));
  const lineOptions = ['', ...Array.from({ length: lines }, (_, i) => `lineList[${i}]`)];

  return (
    <Dialog open={open} onClose={onClose} maxWidth="lg" fullWidth data-dialog="attachments">
      <DialogTitle>{canUpload ? t('files.uploadTitle') : t('files.viewTitle')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', gap: 2, minHeight: 420 }}>
        <Box sx={{ width: 320, flexShrink: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
          {canUpload && (
            <>
              <TextField select size="small" label={t('files.lineLabel')} value={line} onChange={(e) => setLine(e.target.value)} data-field="upload-line">
                {lineOptions.map((l) => (
                  <MenuItem key={l} value={l}>
                    {lineLabel(l)}
                  </MenuItem>
                ))}
              </TextField>
              {groups.length > 0 && (
                <TextField select size="small" label={t('files.fileGroup')} value={group} onChange={(e) => setGroup(e.target.value)} data-field="upload-group">
                  <MenuItem value="">{t('files.noGroup')}</MenuItem>
                  {groups.map((g) => (
                    <MenuItem key={g.group} value={g.group} data-option={g.group}>
                      {g.name} ({g.required ? t('files.required') : t('files.optional')})
                    </MenuItem>
                  ))}
                </TextField>
              )}
              <Box
                data-dropzone
                onDragOver={(e) => {
                  e.preventDefault();
                  setDragging(true);
                }}
                onDragLeave={() => setDragging(false)}
                onDrop={(e) => {
                  e.preventDefault();
                  setDragging(false);
                  upload(e.dataTransfer.files);
                }}
                sx={{ border: 2, borderStyle: 'dashed', borderColor: dragging ? 'primary.main' : 'divider', borderRadius: 1, p: 2, textAlign: 'center' }}
              >
                <Typography variant="body2" sx={{ mb: 1 }}>
                  {t('files.dropHere')}
                </Typography>
                <Button component="label" variant="outlined" startIcon={<UploadFile />}>
                  {t('files.choose')}
                  <input
                    hidden
                    type="file"
                    multiple
                    accept=".png,.jpg,.jpeg,.pdf,.ofd,.xls,.xlsx,.doc,.docx,.ppt,.pptx"
                    data-upload-input
                    onChange={(e) => {
                      if (e.target.files) upload(e.target.files);
                      e.target.value = '';
                    }}
                  />
                </Button>
                <Typography variant="caption" display="block" sx={{ mt: 1 }} color="text.secondary">
                  {t('files.limits')}
                </Typography>
              </Box>
            </>
          )}
          {loadError && <Alert severity="error">{loadError}</Alert>}
          {items.length === 0 && <Typography color="text.secondary">{t('files.none')}</Typography>}
          <List dense sx={{ overflow: 'auto' }}>
            {items.map((i) => (
              <ListItemButton key={i.key} selected={shown?.key === i.key} disabled={!i.fileId} onClick={() => setShown(i)} data-file={i.name}>
                <ListItemText
                  primary={i.name}
                  secondary={
                    <>
                      {lineLabel(i.line)}
                      {i.group && ` · ${groups.find((g) => g.group === i.group)?.name ?? i.group}`}
                      {(i.invoices ?? [])
                        .filter((r) => r.invoiceNo)
                        .map((r) => (
                          <Typography key={r.invoiceNo} component="span" color="success.main" variant="caption" display="block" data-recognised={r.invoiceNo}>
                            {t('files.recognised', { no: r.invoiceNo, total: formatMoney(Number(r.total)) })}
                          </Typography>
                        ))}
                      {i.error && (
                        <Typography component="span" color="error" variant="caption" display="block" data-upload-error>
                          {i.error}
                        </Typography>
                      )}
                      {i.progress < 1 && <LinearProgress variant="determinate" value={i.progress * 100} data-upload-progress />}
                    </>
                  }
                />
              </ListItemButton>
            ))}
          </List>
        </Box>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          {shown?.fileId ? (
            <FileViewer key={shown.fileId} fileId={shown.fileId} name={shown.name} kind={shown.kind ?? ''} />
          ) : (
            <Typography color="text.secondary">{t('files.pick')}</Typography>
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('files.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
