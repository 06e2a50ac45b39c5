import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ErrorSchema } from '@rjsf/utils';
import { errorText } from '../api/client';
import { findingsToExtraErrors } from '../form/extraErrors';
import { findingsOf, isStale, type MasterDataType, type MasterRecord, type RecordFinding, type RecordInput } from './api';
import { recordQuery, useSaveRecord } from './queries';

/** The record's own fields beside its body. */
export interface RecordFrame {
  company: string;
  active: boolean;
  validFrom: string;
  validTo: string;
}

export type FrameField = keyof RecordFrame;
const frameFields: readonly string[] = ['company', 'active', 'validFrom', 'validTo'] satisfies FrameField[];

/** What the form edits: the stored record's values, or a new record's (active, in the user's company). */
function editedOf(record: MasterRecord | null, company: string) {
  return {
    frame: {
      company: record?.company ?? company,
      active: record?.active ?? true,
      validFrom: record?.validFrom ?? '',
      validTo: record?.validTo ?? '',
    },
    body: record?.body ?? {},
    version: record?.version,
    key: record?.key ?? null,
  };
}

/**
 * The findings of a refused save split by where they show: at the record's own fields
 * (company, validFrom ...), in the body's form (rjsf extraErrors; a leading "body." is
 * dropped), or above the form (no path).
 */
export function splitFindings(findings: readonly RecordFinding[]) {
  const frame: Partial<Record<FrameField, string[]>> = {};
  const body: RecordFinding[] = [];
  const general: string[] = [];
  for (const f of findings) {
    const path = f.path.replace(/^body\./, '');
    if (!path) general.push(f.message);
    else if (frameFields.includes(path)) (frame[path as FrameField] ??= []).push(f.message);
    else body.push({ ...f, path });
  }
  const extraErrors: ErrorSchema = findingsToExtraErrors(body.map((f) => ({ path: f.path, rule: f.code, severity: 'error' as const, message: f.message })));
  return { frame, extraErrors, general };
}

/**
 * The edit form of one record (record null: a new one): its values, the save (POST or
 * PUT with the version it was read at) and what the server said: findings at their
 * fields (422), a stale version (409: reload offered), any other refusal as text.
 */
export function useRecordEditor(type: MasterDataType, record: MasterRecord | null, company: string, onSaved: (saved: MasterRecord) => void) {
  const { i18n } = useTranslation();
  const client = useQueryClient();
  const [edited, setEdited] = useState(() => editedOf(record, company));
  const [findings, setFindings] = useState<RecordFinding[]>([]);
  const [stale, setStale] = useState(false);
  const [failure, setFailure] = useState('');
  const saving = useSaveRecord(type.code);
  const split = useMemo(() => splitFindings(findings), [findings]);

  const input = (): RecordInput => ({
    version: edited.version,
    company: type.scope === 'company' ? edited.frame.company : undefined,
    active: edited.frame.active,
    validFrom: type.dated ? edited.frame.validFrom || undefined : undefined,
    validTo: type.dated ? edited.frame.validTo || undefined : undefined,
    body: edited.body,
  });

  const save = async () => {
    setFindings([]);
    setFailure('');
    try {
      onSaved(await saving.mutateAsync({ key: edited.key, input: input() }));
    } catch (error) {
      if (isStale(error)) setStale(true);
      else if (findingsOf(error).length > 0) setFindings(findingsOf(error));
      else setFailure(errorText(error));
    }
  };

  /** Shows the stored record again (after a 409): the person's changes are dropped. */
  const reload = async () => {
    if (edited.key === null) return;
    try {
      const stored = await client.fetchQuery({ ...recordQuery(type.code, edited.key, i18n.language), staleTime: 0 });
      setEdited(editedOf(stored, company));
      setStale(false);
      setFindings([]);
      setFailure('');
    } catch (error) {
      setFailure(errorText(error));
    }
  };

  return {
    frame: edited.frame,
    body: edited.body,
    isNew: edited.key === null,
    key: edited.key,
    setFrame: (change: Partial<RecordFrame>) => setEdited((e) => ({ ...e, frame: { ...e.frame, ...change } })),
    setBody: (body: Record<string, unknown>) => setEdited((e) => ({ ...e, body })),
    frameErrors: split.frame,
    extraErrors: split.extraErrors,
    general: split.general,
    stale,
    failure,
    saving: saving.isPending,
    save,
    reload,
  };
}
