import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorText } from '../../api/client';

/**
 * The row a configuration page edits (null: the dialog is closed) and its save: on
 * success the dialog closes and the rows under listKey are read again; a refusal stays
 * in the dialog as text.
 */
export function useConfigEdit<Draft, Saved>(listKey: readonly unknown[], save: (draft: Draft) => Promise<Saved>) {
  const client = useQueryClient();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [failure, setFailure] = useState('');
  const mutation = useMutation({ mutationFn: save, onSuccess: () => client.invalidateQueries({ queryKey: listKey }) });
  return {
    draft,
    failure,
    busy: mutation.isPending,
    open: (d: Draft) => {
      setFailure('');
      setDraft(d);
    },
    change: (part: Partial<Draft>) => setDraft((d) => (d ? { ...d, ...part } : d)),
    close: () => setDraft(null),
    /** Saves d (the draft by default); false when refused (the reason in failure). */
    save: async (d: Draft | null = draft): Promise<boolean> => {
      if (!d) return false;
      setFailure('');
      try {
        await mutation.mutateAsync(d);
        setDraft(null);
        return true;
      } catch (error) {
        setFailure(errorText(error));
        return false;
      }
    },
  };
}
