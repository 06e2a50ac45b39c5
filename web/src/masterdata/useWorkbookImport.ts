import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { errorText } from '../api/client';
import { findingsOf, type RecordFinding } from './api';

/** The field a spreadsheet finding's path names: rows[7].department -> department. */
export const sheetField = (path: string) => path.replace(/^rows\[\d+\]\.?/, '');

/**
 * A spreadsheet import of all rows or none: start uploads a workbook; then either the
 * result, or the findings of every bad row (nothing imported), or a failure's text.
 * onImported runs after an import (to refresh what it changed).
 */
export function useWorkbookImport<T>(upload: (file: File) => Promise<T>, onImported?: (done: T) => void) {
  const [result, setResult] = useState<T | null>(null);
  const [findings, setFindings] = useState<RecordFinding[]>([]);
  const importing = useMutation({
    mutationFn: upload,
    onMutate: () => {
      setResult(null);
      setFindings([]);
    },
    onSuccess: (done) => {
      setResult(done);
      onImported?.(done);
    },
    onError: (error) => setFindings(findingsOf(error)),
  });
  return {
    start: importing.mutate,
    pending: importing.isPending,
    result,
    findings,
    failure: importing.isError && findings.length === 0 ? errorText(importing.error) : '',
  };
}
