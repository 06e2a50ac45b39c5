import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { pickerQuery } from '../../masterdata/queries';
import { rememberNames } from '../../masterdata/names';
import { useDebounced } from '../../masterdata/useDebounced';
import type { TextInputProps } from '../textInput';
import { RefNameAdornment } from './RefNameAdornment';
import { TextBox } from '../box/TextBox';

/** How long the picker waits after the last keystroke before it asks the server. */
export const PICKER_DEBOUNCE_MS = 200;

/** An option: a record's key and its display name. */
export interface RefOption {
  key: string;
  display: string;
}

/** A text box holding a record's key ('' or undefined: none); it is never disabled (RefReadOnly is). */
export interface RefPickerProps extends Omit<TextInputProps<string>, 'name' | 'disabled'> {
  /** The master-data type whose records are offered. */
  type: string;
}

const optionText = (o: RefOption) => (o.display ? `${o.key} ${o.display}` : o.key);

/**
 * A search picker for a code of master data: typing asks the server for matching
 * records (code or name, PICKER_DEBOUNCE_MS after the last keystroke; a newer text
 * cancels the older request), options read "code name", arrows move, Enter picks, Esc
 * closes. It stores the key; the box shows the code with its name beside it, and a
 * code the store does not know as it is, marked.
 *
 * Until it is first focused it is a plain text box that looks the same: a form shows
 * dozens of pickers (every code of the head and of the lines on screen), and the search
 * box (MUI Autocomplete) costs a tenth of a large form's first render (make bench-web).
 * Focus (a click, Tab, a test's fill) makes it the search box, which takes the focus; a
 * click also opens its list. The plain box asks for nothing but the name beside its code:
 * the search and its timer belong to the search box.
 */
export function RefPicker(props: RefPickerProps) {
  const { id, type, value, label, required, error, autoFocus, size } = props;
  const key = typeof value === 'string' ? value : '';
  // Whether the box has been focused once (it is the search box from then on), and with
  // what: the list open (a press, typing), and the text typed before it took over.
  const [active, setActive] = useState<{ open: boolean; typed: string | null } | null>(null);
  if (active) return <RefSearch {...props} initialOpen={active.open} initialTyped={active.typed} />;
  const minWidth = `${Math.max(4, key.length + 1)}ch`;
  return (
    <TextBox
      id={id}
      label={label}
      required={required}
      error={error}
      size={size}
      autoFocus={autoFocus}
      value={key}
      onFocus={() => setActive((a) => a ?? { open: false, typed: null })}
      // a click opens the list, as on the search box (whose input opens it on mousedown)
      onMouseDown={(e) => {
        if (e.button !== 0) return;
        // no focus for the plain box, gone by then: the search box takes it (autoFocus),
        // and the browser's focus after the press would take it away again and close the list
        e.preventDefault();
        setActive({ open: true, typed: null });
      }}
      // typed before the search box took over (a script setting the value): searched for
      onChange={(e) => setActive({ open: true, typed: e.target.value })}
      inputProps={{ 'data-ref': type, role: 'combobox', 'aria-expanded': false, 'aria-autocomplete': 'list', autoComplete: 'off', style: { minWidth, width: 0, flexGrow: 1 } }} // as the search box's input: the name beside it keeps its room
      endAdornment={
        <>
          {key && <RefNameAdornment type={type} code={key} />}
          {/* MUI's ArrowDropDown, as the search box shows it */}
          <svg className="fw-box-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="m7 10 5 5 5-5z" />
          </svg>
        </>
      }
    />
  );
}

/** The search box RefPicker becomes once focused: MUI's Autocomplete, asking the server as the person types. */
function RefSearch(props: RefPickerProps & { initialOpen: boolean; initialTyped: string | null }) {
  const { id, type, value, onChange, onBlur, onFocus, label, required, error, size, initialOpen, initialTyped } = props;
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const client = useQueryClient();
  const key = typeof value === 'string' ? value : '';
  const [open, setOpen] = useState(initialOpen);
  // What the person typed since the box showed the stored key; null: nothing typed.
  const [typed, setTyped] = useState<string | null>(initialTyped);
  const wanted = (typed ?? '').trim();
  const text = useDebounced(wanted, PICKER_DEBOUNCE_MS);
  // Asked only once the typing has paused: no request for each keystroke, nor for the empty text as typing starts.
  const settled = text === wanted;
  const search = useQuery({ ...pickerQuery(type, text, lang), enabled: open && settled && Boolean(type) });
  // Only the answer for what is typed now: Enter never picks an option of an older text.
  const options: RefOption[] = settled ? (search.data?.rows ?? []).map((r) => ({ key: r.key, display: r.display })) : [];
  const selected: RefOption | null = key ? { key, display: '' } : null;
  const minWidth = `${Math.max(4, (typed ?? key).length + 1)}ch`;

  return (
    <Autocomplete<RefOption, false, false, false>
      id={id}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={options}
      value={selected}
      inputValue={typed ?? key}
      loading={search.isFetching || !settled}
      autoHighlight
      filterOptions={(o) => o}
      isOptionEqualToValue={(a, b) => a.key === b.key}
      getOptionLabel={(o) => o.key}
      loadingText={t('md.picker.loading')}
      noOptionsText={t('md.picker.none')}
      size={size}
      onChange={(_, picked) => {
        setTyped(null);
        if (picked) rememberNames(client, type, lang, [picked]);
        onChange(picked ? picked.key : undefined);
      }}
      onInputChange={(_, next, reason) => {
        if (reason === 'input') setTyped(next);
        else if (reason === 'clear') setTyped('');
      }}
      onBlur={() => setTyped(null)}
      renderOption={(liProps, o) => {
        const { key: reactKey, ...rest } = liProps;
        return (
          <li key={reactKey} {...rest} data-option={o.key}>
            {optionText(o)}
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          error={error}
          // it appears only as the plain box is focused, clicked or typed into: it takes the focus
          autoFocus
          onBlur={onBlur}
          onFocus={onFocus}
          // The code keeps its room; the name beside it gives way (ellipsis).
          inputProps={{ ...params.inputProps, 'data-ref': type, style: { minWidth } }}
          InputProps={{
            ...params.InputProps,
            endAdornment: (
              <>
                {typed === null && key && <RefNameAdornment type={type} code={key} />}
                {params.InputProps.endAdornment}
              </>
            ),
          }}
        />
      )}
    />
  );
}
