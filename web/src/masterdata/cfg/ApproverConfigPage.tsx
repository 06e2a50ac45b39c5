import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { errorText } from '../../api/client';
import ConfirmDialog from '../../components/ConfirmDialog';
import { MoneyInput } from '../../widgets/money/MoneyInput';
import { formatMoney } from '../../widgets/money/money';
import { RefPicker } from '../../widgets/ref/RefPicker';
import { COMPANY_TYPE } from '../api';
import { approverConfigsQuery, deleteApproverConfig, saveApproverConfig, type ApproverConfig, type ApproverConfigInput } from './api';
import ConfigDialog from './ConfigDialog';
import ConfigTable, { type ConfigColumn } from './ConfigTable';
import PersonPicker from './PersonPicker';
import { useConfigEdit } from './useConfigEdit';

type Draft = ApproverConfigInput & { task1ApproverTxt?: string; task2ApproverTxt?: string };

const blank: Draft = { companyCode: '', costCenter: '', businessType: '', minAmount: null, maxAmount: null, task1Approver: '', task2Approver: '', status: '1' };

/** Only what the save takes. */
function inputOf({ id, companyCode, costCenter, businessType, minAmount, maxAmount, task1Approver, task2Approver, status }: Draft): ApproverConfigInput {
  return { id, companyCode, costCenter, businessType, minAmount, maxAmount, task1Approver, task2Approver, status };
}

const person = (name: string, txt: string) => (txt ? `${name} ${txt}` : name);

/**
 * The approver configuration (navigation-and-access.md 3.4): for documents of a
 * company, cost centre and business type (blank: any) within an amount range, the
 * approvers of task 1 and task 2. Documents already submitted keep their route.
 */
export default function ApproverConfigPage({ title }: { title?: string }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const list = useQuery(approverConfigsQuery(i18n.language));
  const edit = useConfigEdit<Draft, ApproverConfig>(['cfg', 'approvers'], (draft) => saveApproverConfig(inputOf(draft)));
  const [deleteFailure, setDeleteFailure] = useState('');
  const [deleting, setDeleting] = useState<ApproverConfig | null>(null);
  const remove = useMutation({
    mutationFn: deleteApproverConfig,
    onSuccess: () => client.invalidateQueries({ queryKey: ['cfg', 'approvers'] }),
    onError: (error) => setDeleteFailure(errorText(error)),
  });
  const any = t('md.approver.any');
  const columns: ConfigColumn<ApproverConfig>[] = [
    { key: 'companyCode', title: t('md.approver.companyCode'), render: (r) => r.companyCode || any },
    { key: 'costCenter', title: t('md.approver.costCenter'), render: (r) => r.costCenter || any },
    { key: 'businessType', title: t('md.approver.businessType'), render: (r) => r.businessType || any },
    { key: 'minAmount', title: t('md.approver.minAmount'), render: (r) => (r.minAmount === null ? '' : formatMoney(r.minAmount)) },
    { key: 'maxAmount', title: t('md.approver.maxAmount'), render: (r) => (r.maxAmount === null ? '' : formatMoney(r.maxAmount)) },
    { key: 'task1Approver', title: t('md.approver.task1Approver'), render: (r) => person(r.task1Approver, r.task1ApproverTxt) },
    { key: 'task2Approver', title: t('md.approver.task2Approver'), render: (r) => person(r.task2Approver, r.task2ApproverTxt) },
    { key: 'status', title: t('md.approver.status'), render: (r) => <Chip size="small" color={r.status === '1' ? 'success' : 'default'} label={r.status === '1' ? t('md.approver.on') : t('md.approver.off')} /> },
  ];
  const d = edit.draft;
  return (
    <>
      <ConfigTable
        page="cfg-approvers"
        title={title || t('md.approver.title')}
        columns={columns}
        rows={list.data}
        rowKey={(r) => String(r.id)}
        loading={list.isFetching}
        failure={list.isError ? errorText(list.error) : deleteFailure}
        onNew={() => edit.open(blank)}
        actions={(r) => (
          <>
            <Button size="small" onClick={() => edit.open({ ...inputOf(r), task1ApproverTxt: r.task1ApproverTxt, task2ApproverTxt: r.task2ApproverTxt })} data-row-action="edit">
              {t('md.list.edit')}
            </Button>
            <Button
              size="small"
              color="warning"
              disabled={remove.isPending}
              onClick={() => {
                setDeleteFailure('');
                setDeleting(r);
              }}
              data-row-action="delete"
            >
              {t('md.approver.delete')}
            </Button>
          </>
        )}
      />
      <ConfirmDialog
        open={deleting !== null}
        messages={[t('md.approver.deleteConfirm', { id: deleting?.id ?? '' })]}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id);
          setDeleting(null);
        }}
      />
      {d && (
        <ConfigDialog name="cfg-approver" title={d.id ? t('md.approver.edit') : t('md.approver.new')} failure={edit.failure} busy={edit.busy} onCancel={edit.close} onSave={() => void edit.save()}>
          <RefPicker id="approver-companyCode" type={COMPANY_TYPE} label={t('md.approver.companyCode')} value={d.companyCode} onChange={(v) => edit.change({ companyCode: v ?? '' })} />
          <TextField id="approver-costCenter" label={t('md.approver.costCenter')} value={d.costCenter} onChange={(e) => edit.change({ costCenter: e.target.value })} />
          <TextField id="approver-businessType" label={t('md.approver.businessType')} value={d.businessType} onChange={(e) => edit.change({ businessType: e.target.value })} />
          <MoneyInput id="approver-minAmount" label={t('md.approver.minAmount')} value={d.minAmount} onChange={(v) => edit.change({ minAmount: v ?? null })} />
          <MoneyInput id="approver-maxAmount" label={t('md.approver.maxAmount')} value={d.maxAmount} onChange={(v) => edit.change({ maxAmount: v ?? null })} />
          <PersonPicker id="approver-task1" label={t('md.approver.task1Approver')} value={d.task1Approver} name={d.task1ApproverTxt} onChange={(v) => edit.change({ task1Approver: v, task1ApproverTxt: '' })} required />
          <PersonPicker id="approver-task2" label={t('md.approver.task2Approver')} value={d.task2Approver} name={d.task2ApproverTxt} onChange={(v) => edit.change({ task2Approver: v, task2ApproverTxt: '' })} />
          <TextField id="approver-status" select label={t('md.approver.status')} value={d.status} onChange={(e) => edit.change({ status: e.target.value })}>
            <MenuItem value="1">{t('md.approver.on')}</MenuItem>
            <MenuItem value="0">{t('md.approver.off')}</MenuItem>
          </TextField>
        </ConfigDialog>
      )}
    </>
  );
}
