// Every master-data read as a queryOptions() factory (key and fetch together), and the
// writes as mutation hooks that refresh what they change.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  deactivateRecord,
  fetchPrefill,
  fetchRecord,
  fetchRecordForm,
  fetchRecords,
  fetchTypes,
  saveRecord,
  type RecordInput,
  type RecordQuery,
} from './api';
import { refNameQuery, rememberNames } from './names';
import { uploadImport, type UploadProgress } from './upload';

/** How many options the picker offers for what was typed. */
export const PICKER_PAGE_SIZE = 20;

/** GET /api/formwork/masterdata: the types this user may read (titles in lang). */
export const typesQuery = (lang: string) =>
  queryOptions({
    queryKey: ['md', 'types', lang],
    queryFn: ({ signal }) => fetchTypes(signal),
    staleTime: 5 * 60_000,
    retry: false,
  });

/** The types and the one of code (undefined while they load or when this user may not read it). */
export function useMasterDataType(code: string) {
  const { i18n } = useTranslation();
  const types = useQuery(typesQuery(i18n.language));
  return { types, type: types.data?.find((t) => t.code === code) };
}

/** GET .../:type/form: schema and uiSchema of the record body. */
export const recordFormQuery = (type: string, lang: string) =>
  queryOptions({
    queryKey: ['md', 'form', type, lang],
    queryFn: ({ signal }) => fetchRecordForm(type, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });

/** One page of the list; the previous page stays on screen while the next loads. */
export const recordsQuery = (type: string, query: RecordQuery, lang: string) =>
  queryOptions({
    queryKey: ['md', 'records', type, lang, query],
    queryFn: ({ signal }) => fetchRecords(type, query, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: false,
  });

/** The picker's options for what was typed: active records only. A newer text cancels the older request. */
export const pickerQuery = (type: string, text: string, lang: string) =>
  queryOptions({
    queryKey: ['md', 'pick', type, lang, text],
    queryFn: ({ signal }) => fetchRecords(type, { q: text, active: true, pageSize: PICKER_PAGE_SIZE }, signal),
    staleTime: 30_000,
    retry: false,
  });

/** GET .../:type/records/:key: the stored record, as the edit form opens or reloads it. */
export const recordQuery = (type: string, key: string, lang: string) =>
  queryOptions({
    queryKey: ['md', 'record', type, lang, key],
    queryFn: ({ signal }) => fetchRecord(type, key, signal),
    staleTime: 0,
    retry: false,
  });

/**
 * GET .../prefill?docType=: a new document's values from the signed-in user's employee
 * record (names in lang), held per user: one request for the new forms of a type while fresh.
 */
export const prefillQuery = (docType: string, lang: string, user: string) =>
  queryOptions({
    queryKey: ['md', 'prefill', user, docType, lang],
    queryFn: ({ signal }) => fetchPrefill(docType, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });

/** What a write changed: the type's lists, records and names are asked again. */
function useRefreshType(type: string) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['md', 'records', type] }),
      client.invalidateQueries({ queryKey: ['md', 'record', type] }),
      client.invalidateQueries({ queryKey: ['md', 'pick', type] }),
      client.invalidateQueries({ queryKey: ['md', 'name', type] }),
    ]);
}

/** Creates (key null) or updates a record; its name is held at once, the lists refreshed. */
export function useSaveRecord(type: string) {
  const { i18n } = useTranslation();
  const client = useQueryClient();
  const refresh = useRefreshType(type);
  return useMutation({
    mutationFn: ({ key, input }: { key: string | null; input: RecordInput }) => saveRecord(type, key, input),
    onSuccess: async (saved) => {
      await refresh();
      rememberNames(client, type, i18n.language, [saved]);
    },
  });
}

/** Deletes a record, or deactivates it where documents refer to it (the answer says which). */
export function useDeactivateRecord(type: string) {
  const refresh = useRefreshType(type);
  return useMutation({
    mutationFn: ({ key, version }: { key: string; version: number }) => deactivateRecord(type, key, version),
    onSuccess: () => refresh(),
  });
}

/** Imports a spreadsheet (all or nothing), reporting the upload's progress. */
export function useImportRecords(type: string, onProgress: UploadProgress) {
  const refresh = useRefreshType(type);
  return useMutation({
    mutationFn: (file: Blob) => uploadImport(type, file, onProgress),
    onSuccess: () => refresh(),
  });
}

/** The display name of a code: name (null while unknown), unknown (the store has no such code). */
export function useRefName(type: string, key: string) {
  const { i18n } = useTranslation();
  const q = useQuery({ ...refNameQuery(type, key, i18n.language), enabled: Boolean(type && key) });
  const name = q.data?.name ?? null;
  return { name, unknown: q.isSuccess && name === null, pending: q.isPending && Boolean(type && key) };
}
