import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import { RefPicker } from '../widgets/ref/RefPicker';
import { COMPANY_TYPE } from './api';
import type { ActiveFilter, ListFilters } from './useRecordList';

export interface ListToolbarProps {
  filters: ListFilters;
  /** Company-scoped records: the company filter shows. */
  scoped: boolean;
  onChange: (filters: ListFilters) => void;
}

/** The list's search box (server-side, over the type's search fields), company and active filters. */
export default function ListToolbar({ filters, scoped, onChange }: ListToolbarProps) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2, alignItems: 'center' }}>
      <TextField
        id="md-search"
        size="small"
        sx={{ minWidth: 280 }}
        label={t('md.list.search')}
        value={filters.search}
        onChange={(e) => onChange({ ...filters, search: e.target.value })}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      {scoped && (
        <Box sx={{ minWidth: 240 }}>
          <RefPicker id="md-company" type={COMPANY_TYPE} value={filters.company} onChange={(v) => onChange({ ...filters, company: v ?? '' })} label={t('md.list.company')} size="small" />
        </Box>
      )}
      <TextField
        id="md-active"
        select
        size="small"
        sx={{ minWidth: 160 }}
        label={t('md.list.active')}
        value={filters.active}
        onChange={(e) => onChange({ ...filters, active: e.target.value as ActiveFilter })}
      >
        <MenuItem value="all" data-value="all">
          {t('md.list.activeAll')}
        </MenuItem>
        <MenuItem value="true" data-value="true">
          {t('md.active.yes')}
        </MenuItem>
        <MenuItem value="false" data-value="false">
          {t('md.active.no')}
        </MenuItem>
      </TextField>
    </Box>
  );
}
