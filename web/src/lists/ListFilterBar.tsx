import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import FilterListIcon from '@mui/icons-material/FilterList';
import SearchIcon from '@mui/icons-material/Search';
import { activeFilterCount, quickRanges, type ListFilters } from './query';
import type { QuickRangeName } from './api';

/** The document states of the lifecycle (schemas/_lifecycle.yaml), titled by documentStatus.*. */
export const documentStates = ['draft', 'inApproval', 'returned', 'approved', 'voided'];

export interface ListFilterBarProps {
  q: string;
  filters: ListFilters;
  onSearch: (q: string) => void;
  onFilters: (change: Partial<ListFilters>) => void;
  onQuickRange: (range: QuickRangeName) => void;
  onReset: () => void;
  /** Document maintenance lists every type: it also filters by company and applicant first. */
  wide?: boolean;
}

/**
 * The list's search box (number, reason, reimburser, vendor, customer), its quick date
 * ranges and the filters on the indexed columns: state, business type, company,
 * department, reimburser, creation dates, amount range. A search runs on Enter or 查询;
 * a filter as soon as it changes.
 */
export default function ListFilterBar({ q, filters, onSearch, onFilters, onQuickRange, onReset, wide }: ListFilterBarProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(q);
  const [open, setOpen] = useState(Boolean(wide));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(text);
  };
  const field = (key: 'subType' | 'companyCode' | 'department' | 'applicant' | 'amountFrom' | 'amountTo', width = 140) => (
    <TextField
      size="small"
      label={t(`lists.filter.${key}`)}
      value={filters[key]}
      onChange={(e) => onFilters({ [key]: e.target.value })}
      sx={{ width }}
      slotProps={{ htmlInput: { 'data-filter': key, inputMode: key.startsWith('amount') ? 'decimal' : undefined } }}
    />
  );
  return (
    <Box sx={{ mb: 2 }} data-list-filters>
      <Box component="form" onSubmit={submit} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <TextField
          size="small"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t('lists.search')}
          sx={{ minWidth: 320, flexGrow: 1, maxWidth: 520 }}
          slotProps={{ htmlInput: { 'data-list-search': true, 'aria-label': t('lists.search'), maxLength: 100 } }}
        />
        <Button type="submit" variant="contained" startIcon={<SearchIcon />} data-action="search">
          {t('lists.query')}
        </Button>
        <Badge badgeContent={activeFilterCount(filters)} color="primary">
          <Button variant={open ? 'contained' : 'outlined'} color="inherit" startIcon={<FilterListIcon />} onClick={() => setOpen((o) => !o)} data-action="filters">
            {t('lists.filters')}
          </Button>
        </Badge>
        <Button
          color="inherit"
          onClick={() => {
            setText('');
            onReset();
          }}
          data-action="reset"
        >
          {t('lists.reset')}
        </Button>
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
          {quickRanges.map((r) => (
            <Chip
              key={r}
              label={t(`lists.quick.${r}`)}
              color={filters.quickRange === r ? 'primary' : 'default'}
              variant={filters.quickRange === r ? 'filled' : 'outlined'}
              onClick={() => onQuickRange(r)}
              data-quick-range={r}
            />
          ))}
        </Box>
      </Box>
      <Collapse in={open}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1.5 }}>
          <TextField
            select
            size="small"
            label={t('lists.filter.status')}
            value={filters.status}
            onChange={(e) => {
              const v = e.target.value as unknown as string[] | string;
              onFilters({ status: typeof v === 'string' ? v.split(',').filter(Boolean) : v });
            }}
            sx={{ width: 200 }}
            slotProps={{ select: { multiple: true, renderValue: (v) => (v as string[]).map((s) => t(`documentStatus.${s}`)).join('、') || t('lists.filter.anyStatus') }, htmlInput: { 'data-filter': 'status' } }}
          >
            {documentStates.map((s) => (
              <MenuItem key={s} value={s} data-status-option={s}>
                {t(`documentStatus.${s}`)}
              </MenuItem>
            ))}
          </TextField>
          {field('subType')}
          {field('companyCode', 110)}
          {field('department', 120)}
          {field('applicant')}
          <TextField
            size="small"
            type="date"
            label={t('lists.filter.dateFrom')}
            value={filters.dateFrom}
            onChange={(e) => onFilters({ dateFrom: e.target.value })}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-filter': 'dateFrom' } }}
          />
          <TextField
            size="small"
            type="date"
            label={t('lists.filter.dateTo')}
            value={filters.dateTo}
            onChange={(e) => onFilters({ dateTo: e.target.value })}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-filter': 'dateTo' } }}
          />
          {field('amountFrom', 120)}
          {field('amountTo', 120)}
        </Box>
      </Collapse>
    </Box>
  );
}
