import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { docTypesQuery, formExportQuery } from '../api/queries';
import type { SubTypeOption } from '../api/types';
import { localText } from '../i18n/language';
import { useEdition } from '../auth/useEdition';
import { useLocation } from 'react-router-dom';
import GuideContent from '../files/GuideContent';

/** The guide drawer's width (documents.md 2). */
export const GUIDE_WIDTH = 1000;

export interface GuideDrawerProps {
  open: boolean;
  onClose: () => void;
  /** The document types offered (the person's); all registered ones when empty. */
  docTypes: string[];
  /** The document type of the form on screen, preselected. */
  contextDocType?: string;
}

type Filters = { docType: string; bt1: string; bt2: string; bt3: string };
const empty: Filters = { docType: '', bt1: '', bt2: '', bt3: '' };

/**
 * 报账指引 (documents.md 2): filters document type, business category 1 and 2 (all
 * required; category 2 only where category 1 has sub-categories) and detail, with
 * query and reset. The query shows what the catalogue says of the document type (title,
 * lead page, business description) and what the attachment configuration says of the
 * business type (GuideContent: guidance groups, files, the guide video); without a form in
 * context the drawer opens on the common table of business types and file names.
 */
export default function GuideDrawer({ open, onClose, docTypes, contextDocType }: GuideDrawerProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const action = new URLSearchParams(useLocation().search).get('action') ?? '';
  const [filters, setFilters] = useState<Filters>({ ...empty, docType: contextDocType ?? '' });
  const [tried, setTried] = useState(false);
  const [queried, setQueried] = useState<Filters | null>(null);

  const { edition, ready } = useEdition();
  const registry = useQuery({ ...docTypesQuery(lang, edition), enabled: open && ready });
  const offered = (registry.data ?? []).filter((d) => docTypes.length === 0 || docTypes.includes(d.docType));
  const exportQuery = useQuery({
    ...formExportQuery({ docType: filters.docType, subType: '', action: 'new', lang, edition }),
    enabled: open && ready && filters.docType !== '',
  });
  const level1: SubTypeOption[] = filters.docType && exportQuery.data?.docType === filters.docType ? (exportQuery.data.subTypes?.businessType1 ?? []) : [];
  const level2 = level1.find((o) => o.key === filters.bt1)?.children ?? [];
  const level3 = level2.find((o) => o.key === filters.bt2)?.children ?? [];

  const missing = (k: keyof Filters) => tried && !filters[k];
  const field = (k: 'docType' | 'bt1' | 'bt2') => t(k === 'docType' ? 'guide.docType' : k === 'bt1' ? 'guide.businessType1' : 'guide.businessType2');
  const set = (patch: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setQueried(null);
  };

  // A category 1 without sub-categories leaves nothing to choose in category 2.
  const bt2Required = !(filters.bt1 && level2.length === 0);
  const query = () => {
    setTried(true);
    if (filters.docType && filters.bt1 && (filters.bt2 || !bt2Required)) setQueried(filters);
  };
  const reset = () => {
    setFilters(empty);
    setTried(false);
    setQueried(null);
  };

  const select = (
    k: keyof Filters,
    label: string,
    options: Array<{ key: string; label: string }>,
    onChange: (v: string) => void,
    required: boolean,
  ) => (
    <TextField
      select
      size="small"
      id={`guide-${k}`}
      label={label}
      required={required}
      value={options.some((o) => o.key === filters[k]) ? filters[k] : ''}
      onChange={(e) => onChange(e.target.value)}
      error={required && missing(k)}
      helperText={required && missing(k) ? t('guide.required', { field: label }) : ' '}
      disabled={options.length === 0}
      sx={{ minWidth: 200 }}
    >
      {options.map((o) => (
        <MenuItem key={o.key} value={o.key} data-option={o.key}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: GUIDE_WIDTH, maxWidth: '100vw' }, 'data-drawer': 'guide' } as object }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }} data-guide-title>
          {t('guide.title')}
        </Typography>
        <IconButton onClick={onClose} aria-label={t('feedback.close')}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
          {select(
            'docType',
            field('docType'),
            offered.map((d) => ({ key: d.docType, label: `${d.docType} ${localText(d.title, lang)}` })),
            (v) => set({ docType: v, bt1: '', bt2: '', bt3: '' }),
            true,
          )}
          {select('bt1', field('bt1'), level1.map((o) => ({ key: o.key, label: o.value })), (v) => set({ bt1: v, bt2: '', bt3: '' }), true)}
          {select('bt2', field('bt2'), level2.map((o) => ({ key: o.key, label: o.value })), (v) => set({ bt2: v, bt3: '' }), bt2Required)}
          {select('bt3', t('guide.detail'), level3.map((o) => ({ key: o.key, label: o.value })), (v) => set({ bt3: v }), false)}
          <Box sx={{ display: 'flex', gap: 1, pt: 0.5 }}>
            <Button variant="contained" onClick={query} data-action="guide-query">
              {t('guide.query')}
            </Button>
            <Button variant="outlined" onClick={reset} data-action="guide-reset">
              {t('guide.reset')}
            </Button>
          </Box>
        </Box>
        {queried && exportQuery.data?.docType === queried.docType && (
          <Box data-guide="type">
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }} data-guide-doc-type={queried.docType}>
              {queried.docType} {exportQuery.data.title}
              {[queried.bt1, queried.bt2, queried.bt3]
                .map((k, i) => [level1, level2, level3][i].find((o) => o.key === k)?.value)
                .filter(Boolean)
                .map((v) => ` / ${v}`)
                .join('')}
            </Typography>
            {exportQuery.data.leadPage && (
              <Typography sx={{ mb: 1.5, whiteSpace: 'pre-line' }} data-guide-lead>
                {exportQuery.data.leadPage}
              </Typography>
            )}
            {exportQuery.data.description && (
              <Typography color="text.secondary" sx={{ whiteSpace: 'pre-line', mb: 1.5 }} data-guide-description>
                {exportQuery.data.description}
              </Typography>
            )}
            <GuideContent
              query={{ docType: queried.docType, businessType1: queried.bt1, businessType2: queried.bt2, businessType3: queried.bt3, action }}
            />
          </Box>
        )}
        {!queried && !contextDocType && open && <GuideContent query={{}} />}
      </Box>
    </Drawer>
  );
}
