import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiCall } from './client';
import type { DocTypeEntry, FormDocument, FormExport } from './types';

// Every server read the app makes: queryKey and queryFn kept together.

/** GET /api/formwork/registry/docTypes. The language is in the key: titles follow it. */
export const docTypesQuery = (lang: string) =>
  queryOptions({
    queryKey: ['docTypes', lang],
    queryFn: ({ signal }) => apiCall<DocTypeEntry[]>('GET', '/api/formwork/registry/docTypes', undefined, signal),
    staleTime: 5 * 60_000,
  });

export interface FormExportParams {
  docType: string;
  subType: string;
  action: string;
  lang: string;
}

/**
 * GET /api/formwork/registry/docTypes/{docType}/form?subType=&action=. While a new
 * sub-type loads, the previous form stays on screen.
 */
export const formExportQuery = ({ docType, subType, action, lang }: FormExportParams) =>
  queryOptions({
    queryKey: ['formExport', docType, subType, action, lang],
    queryFn: ({ signal }) => {
      const q = new URLSearchParams();
      if (subType) q.set('subType', subType);
      q.set('action', action);
      return apiCall<FormExport>(
        'GET',
        `/api/formwork/registry/docTypes/${encodeURIComponent(docType)}/form?${q.toString()}`,
        undefined,
        signal,
      );
    },
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
    retry: false,
  });

/** GET /api/galaxyform/yx/{family}/head/load?businessId=. */
export const documentQuery = (family: string, businessId: string) =>
  queryOptions({
    queryKey: ['document', family, businessId],
    queryFn: ({ signal }) =>
      apiCall<FormDocument>(
        'GET',
        `/api/galaxyform/yx/${encodeURIComponent(family)}/head/load?businessId=${encodeURIComponent(businessId)}`,
        undefined,
        signal,
      ),
    staleTime: Infinity,
    retry: false,
  });
