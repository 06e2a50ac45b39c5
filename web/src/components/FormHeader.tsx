import { useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { DocumentHead, SubTypeOption } from '../api/types';
import { childOptions, knownValue } from '../form/subTypes';
import { statusColor } from '../process/ProcessHistory';
import { PlainSelect } from '../widgets/select/SelectWidget';

export interface FormHeaderProps {
  title: string;
  head: DocumentHead | undefined;
  /** The stored document's state, as the server names it (ProcessView.status, statusTxt). */
  status?: { code: string; text: string };
  subTypes: SubTypeOption[] | undefined;
  readonly: boolean;
  onSubTypeChange: (bt1: SubTypeOption | undefined, bt2: SubTypeOption | undefined) => void;
}

/** The document title, its business id, and the businessType1 / businessType2 selects. */
export default function FormHeader({ title, head, status, subTypes, readonly, onSubTypeChange }: FormHeaderProps) {
  const { t } = useTranslation();
  const level1 = subTypes ?? [];
  const bt1 = knownValue(level1, head?.businessType1);
  const level2 = childOptions(level1, bt1);
  const bt2 = knownValue(level2, head?.businessType2);
  const businessId = typeof head?.businessId === 'string' ? head.businessId : '';

  return (
    <Box sx={{ mb: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h5" component="h1" data-form-title>
          {title}
        </Typography>
        <Chip
          size="small"
          variant="outlined"
          label={businessId ? `${t('form.businessId')}: ${businessId}` : t('form.newDocument')}
          data-business-id={businessId}
        />
        {typeof head?.version === 'number' && <Chip size="small" variant="outlined" label={`${t('form.version')}: ${head.version}`} />}
        {status?.code && (
          <Chip
            size="small"
            color={statusColor(status.code)}
            label={`${t('form.status')}: ${status.text || status.code}`}
            data-document-status={status.code}
          />
        )}
      </Box>
      {level1.length > 0 && (
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <SubTypeSelect
            id="businessType1"
            label={t('form.businessType1')}
            value={bt1}
            options={level1}
            disabled={readonly}
            onChange={(key) => onSubTypeChange(level1.find((o) => o.key === key), undefined)}
          />
          <SubTypeSelect
            id="businessType2"
            label={t('form.businessType2')}
            value={bt2}
            options={level2}
            disabled={readonly || level2.length === 0}
            onChange={(key) =>
              onSubTypeChange(
                level1.find((o) => o.key === bt1),
                level2.find((o) => o.key === key),
              )
            }
          />
        </Box>
      )}
    </Box>
  );
}

interface SubTypeSelectProps {
  id: string;
  label: string;
  value: string;
  options: SubTypeOption[];
  disabled: boolean;
  onChange: (key: string) => void;
}

/**
 * A sub-type select: MUI's outlined select, shown as the plain box that looks the same
 * (PlainSelect) until it is first used, as the form's selects are (a share of the page's
 * first render otherwise).
 */
function SubTypeSelect({ id, label, value, options, disabled, onChange }: SubTypeSelectProps) {
  const [active, setActive] = useState<null | 'focus' | 'open'>(null);
  if (!active) {
    const chosen = options.find((o) => o.key === value);
    return (
      <div className="fw-header-select">
        <PlainSelect id={id} label={label} disabled={disabled} text={chosen ? chosen.value : undefined} value={value} onActivate={setActive} />
      </div>
    );
  }
  return (
    <TextField
      select
      id={id}
      label={label}
      value={value}
      disabled={disabled}
      autoFocus
      slotProps={{ select: { defaultOpen: active === 'open' } }}
      sx={{ minWidth: 240 }}
      onChange={(e) => onChange(e.target.value)}
    >
      {options.map((o) => (
        <MenuItem key={o.key} value={o.key} data-option={o.key}>
          {o.value}
        </MenuItem>
      ))}
    </TextField>
  );
}
