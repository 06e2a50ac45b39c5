import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import SearchIcon from '@mui/icons-material/Search';
import type { QuickRange } from '../api/worklist';
import { DateInput } from '../widgets/date/DateInput';
import { quickRanges, withDates, type WorklistFilters } from './query';

export interface DocTypeOption {
  code: string;
  title: string;
}

export interface WorklistFilterBarProps {
  filters: WorklistFilters;
  docTypes: DocTypeOption[];
  onChange: (filters: WorklistFilters) => void;
  /** A quick range was picked: it applies at once. */
  onQuickRange: (days: QuickRange) => void;
  onQuery: () => void;
  onReset: () => void;
}

/**
 * The worklist filters (navigation-and-access.md 3.8): document types, business id,
 * creation dates and the quick ranges last day / week / month / 3 months.
 */
export default function WorklistFilterBar({ filters, docTypes, onChange, onQuickRange, onQuery, onReset }: WorklistFilterBarProps) {
  const { t } = useTranslation();
  const chosen = filters.types.map((code) => docTypes.find((d) => d.code === code) ?? { code, title: '' });
  return (
    <Box
      component="form"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 2 }}
      data-worklist-filters
      onSubmit={(e) => {
        e.preventDefault();
        onQuery();
      }}
    >
      <Autocomplete
        multiple
        id="worklist-types"
        size="small"
        sx={{ minWidth: 260, flex: '1 1 260px', maxWidth: 480 }}
        options={docTypes}
        value={chosen}
        isOptionEqualToValue={(a, b) => a.code === b.code}
        getOptionLabel={(o) => (o.title ? `${o.code} ${o.title}` : o.code)}
        onChange={(_, v) => onChange({ ...filters, types: v.map((o) => o.code) })}
        renderOption={(props, o) => {
          const { key, ...rest } = props;
          return (
            <li key={key} {...rest} data-option={o.code}>
              {o.code} {o.title}
            </li>
          );
        }}
        renderInput={(params) => <TextField {...params} label={t('worklist.docTypes')} />}
      />
      <TextField
        id="worklist-businessId"
        size="small"
        label={t('worklist.businessId')}
        value={filters.businessId}
        onChange={(e) => onChange({ ...filters, businessId: e.target.value })}
        sx={{ width: 220 }}
      />
      <Box sx={{ width: 170 }}>
        <DateInput
          id="worklist-createAtFrom"
          size="small"
          label={t('worklist.createAtFrom')}
          value={filters.createAtFrom}
          onChange={(v) => onChange(withDates(filters, { createAtFrom: v ?? '' }))}
        />
      </Box>
      <Box sx={{ width: 170 }}>
        <DateInput
          id="worklist-createAtTo"
          size="small"
          label={t('worklist.createAtTo')}
          value={filters.createAtTo}
          onChange={(v) => onChange(withDates(filters, { createAtTo: v ?? '' }))}
        />
      </Box>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={filters.quickRange || null}
        onChange={(_, v: QuickRange | null) => {
          if (v) onQuickRange(v);
        }}
        aria-label={t('worklist.createAtFrom')}
      >
        {quickRanges.map((days) => (
          <ToggleButton key={days} value={days} data-quick-range={days}>
            {t(`worklist.quick.${days}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Button type="submit" variant="contained" startIcon={<SearchIcon />} data-action="worklist-query">
        {t('worklist.query')}
      </Button>
      <Button variant="outlined" onClick={onReset} data-action="worklist-reset">
        {t('worklist.reset')}
      </Button>
    </Box>
  );
}
