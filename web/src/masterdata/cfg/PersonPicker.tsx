import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { employeeSearchQuery, type EmployeeOption } from '../../api/queries';
import { useDebounced } from '../useDebounced';
import { PICKER_DEBOUNCE_MS } from '../../widgets/ref/RefPicker';

export interface PersonPickerProps {
  id: string;
  label: string;
  /** The user name held ('' none). */
  value: string;
  /** The person's name shown beside it until another is picked. */
  name?: string;
  onChange: (username: string) => void;
  required?: boolean;
}

const usernameOf = (o: EmployeeOption) => o.attr1 || o.key;

/** Picks a person by name, number or user name (the employee search help); holds the user name. */
export default function PersonPicker({ id, label, value, name = '', onChange, required }: PersonPickerProps) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const text = useDebounced(typed.trim(), PICKER_DEBOUNCE_MS);
  const search = useQuery({ ...employeeSearchQuery(text, i18n.language), enabled: open });
  const selected: EmployeeOption | null = value ? { key: value, attr1: value, value: name } : null;
  return (
    <Autocomplete<EmployeeOption, false, false, false>
      id={id}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={search.data ?? []}
      value={selected}
      loading={search.isFetching}
      autoHighlight
      filterOptions={(o) => o}
      isOptionEqualToValue={(a, b) => usernameOf(a) === usernameOf(b)}
      getOptionLabel={(o) => (o.value ? `${usernameOf(o)} ${o.value}` : usernameOf(o))}
      loadingText={t('md.picker.loading')}
      noOptionsText={t('md.picker.none')}
      onChange={(_, picked) => onChange(picked ? usernameOf(picked) : '')}
      onInputChange={(_, next, reason) => {
        if (reason === 'input') setTyped(next);
      }}
      renderOption={(props, o) => {
        const { key, ...rest } = props;
        return (
          <li key={key} {...rest} data-option={usernameOf(o)}>
            {usernameOf(o)} {o.value}
            {o.attr9 ? ` · ${o.attr9}` : ''}
          </li>
        );
      }}
      renderInput={(params) => <TextField {...params} label={label} required={required} />}
    />
  );
}
