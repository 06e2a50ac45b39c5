import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { errorText } from '../../api/client';
import { DateInput } from '../../widgets/date/DateInput';
import { delegationsQuery, saveDelegation, type Delegation, type DelegationInput } from './api';
import ConfigDialog from './ConfigDialog';
import ConfigTable, { type ConfigColumn } from './ConfigTable';
import PersonPicker from './PersonPicker';
import { useConfigEdit } from './useConfigEdit';

type Draft = DelegationInput & { authorByTxt?: string; authorToTxt?: string };

const person = (name: string, txt: string) => (txt ? `${name} ${txt}` : name);

/** Only what the save takes: the server refuses unknown fields. */
function inputOf({ id, authorBy, authorTo, authorStatus, activeFrom, activeTo }: Draft): DelegationInput {
  return { id, authorBy, authorTo, authorStatus, activeFrom, activeTo };
}

/**
 * Delegations (proxy authorisation, navigation-and-access.md 3.4): who may file
 * documents for whom, from when to when. A person gives their own; an administrator
 * any. The server checks every save.
 */
export default function DelegationPage({ title }: { title?: string }) {
  const { t, i18n } = useTranslation();
  const list = useQuery(delegationsQuery(i18n.language));
  const edit = useConfigEdit<Draft, Delegation>(['cfg', 'delegations'], (draft) => saveDelegation(inputOf(draft)));
  const columns: ConfigColumn<Delegation>[] = [
    { key: 'authorBy', title: t('md.delegation.authorBy'), render: (d) => person(d.authorBy, d.authorByTxt) },
    { key: 'authorTo', title: t('md.delegation.authorTo'), render: (d) => person(d.authorTo, d.authorToTxt) },
    { key: 'activeFrom', title: t('md.delegation.activeFrom'), render: (d) => d.activeFrom },
    { key: 'activeTo', title: t('md.delegation.activeTo'), render: (d) => d.activeTo },
    {
      key: 'authorStatus',
      title: t('md.delegation.authorStatus'),
      render: (d) => (
        <Chip size="small" color={d.active ? 'success' : 'default'} label={d.authorStatus === '1' ? (d.active ? t('md.delegation.inForce') : t('md.delegation.notToday')) : t('md.delegation.withdrawn')} />
      ),
    },
  ];
  const draftOf = (d: Delegation): Draft => ({ ...inputOf(d), authorByTxt: d.authorByTxt, authorToTxt: d.authorToTxt });
  const d = edit.draft;
  return (
    <>
      <ConfigTable
        page="cfg-delegations"
        title={title || t('md.delegation.title')}
        columns={columns}
        rows={list.data}
        rowKey={(r) => String(r.id)}
        loading={list.isFetching}
        failure={list.isError ? errorText(list.error) : d ? '' : edit.failure}
        onNew={() => edit.open({ authorTo: '', authorStatus: '1', activeFrom: '', activeTo: '' })}
        actions={(r) => (
          <>
            <Button size="small" onClick={() => edit.open(draftOf(r))} data-row-action="edit">
              {t('md.list.edit')}
            </Button>
            {r.authorStatus === '1' && (
              <Button size="small" color="warning" onClick={() => void edit.save({ ...draftOf(r), authorStatus: '0' })} data-row-action="withdraw">
                {t('md.delegation.withdraw')}
              </Button>
            )}
          </>
        )}
      />
      {d && (
        <ConfigDialog name="cfg-delegation" title={d.id ? t('md.delegation.edit') : t('md.delegation.new')} failure={edit.failure} busy={edit.busy} onCancel={edit.close} onSave={() => void edit.save()}>
          <PersonPicker id="delegation-authorBy" label={t('md.delegation.authorByHint')} value={d.authorBy ?? ''} name={d.authorByTxt} onChange={(v) => edit.change({ authorBy: v, authorByTxt: '' })} />
          <PersonPicker id="delegation-authorTo" label={t('md.delegation.authorTo')} value={d.authorTo} name={d.authorToTxt} onChange={(v) => edit.change({ authorTo: v, authorToTxt: '' })} required />
          <DateInput id="delegation-activeFrom" label={t('md.delegation.activeFrom')} value={d.activeFrom} onChange={(v) => edit.change({ activeFrom: v ?? '' })} required />
          <DateInput id="delegation-activeTo" label={t('md.delegation.activeTo')} value={d.activeTo} onChange={(v) => edit.change({ activeTo: v ?? '' })} required />
          <TextField id="delegation-authorStatus" select label={t('md.delegation.authorStatus')} value={d.authorStatus} onChange={(e) => edit.change({ authorStatus: e.target.value })}>
            <MenuItem value="1">{t('md.delegation.inForce')}</MenuItem>
            <MenuItem value="0">{t('md.delegation.withdrawn')}</MenuItem>
          </TextField>
        </ConfigDialog>
      )}
    </>
  );
}
