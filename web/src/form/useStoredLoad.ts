import { useCallback, useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { docTypesQuery, storedFormKey } from '../api/queries';
import type { StoredForm } from '../api/types';
import type { EditionState } from '../auth/useEdition';
import { familiesOf, loadUnderFamily } from './family';
import { hasEarlyLoad, rememberFamily, takeEarlyLoad } from './earlyLoad';

export interface StoredLoadInput {
  docType: string;
  businessId: string;
  action: string;
  lang: string;
  editions: EditionState;
  /** The family the page already knows (its last answer's form.schema), '' when none. */
  knownFamily: string;
  /** The page shows this document already (a save's answer): no load of its own. */
  showsIt: boolean;
  /** Puts an answer on the page; called once per answer. */
  apply: (answer: StoredForm) => void;
}

/**
 * The load of a stored document: one request, under the family the registry list of
 * the chosen company's edition names (the menu holds that list: no request of its own),
 * and the other editions' families only when the server refuses that one. `reload()`
 * loads it again on purpose (after a refusal naming its state or version).
 */
export function useStoredLoad({ docType, businessId, action, lang, editions, knownFamily, showsIt, apply }: StoredLoadInput) {
  const queryClient = useQueryClient();
  // Held data will do (families do not change while the page runs).
  const registry = useQuery({ ...docTypesQuery(lang, editions.edition), staleTime: Infinity, enabled: businessId !== '' && !showsIt && editions.ready });
  // The load may start with the early answer, before the registry list is in (the family is
  // in the address's hint). Taking that answer ends hasEarlyLoad: once enabled for this
  // document, the load stays so, or it would turn off until the list answered and then ask
  // again (staleTime 0) for what it holds already.
  const loadKey = `${businessId}\u0000${action}`;
  const askedFor = useRef('');
  const loadEnabled =
    businessId !== '' && !showsIt && (registry.isSuccess || registry.isError || hasEarlyLoad(businessId, action) || askedFor.current === loadKey);
  if (loadEnabled) askedFor.current = loadKey;
  const loadQuery = useQuery({
    queryKey: storedFormKey(businessId, action),
    // No abort signal: a page unmounted and mounted again at once (React's StrictMode) shares the
    // one request instead of cancelling it and sending another.
    // The load the app started as it opened on this address (earlyLoad.ts), else one now.
    queryFn: () =>
      takeEarlyLoad(businessId, action) ??
      loadUnderFamily({
        businessId,
        action,
        family: knownFamily || (familiesOf(registry.data, docType)[0] ?? ''),
        otherFamilies: async () => familiesOf(await queryClient.fetchQuery(docTypesQuery(lang)), docType),
      }),
    enabled: loadEnabled,
    // Asked whenever a page opens it (someone may have moved it on meanwhile); kept a
    // minute so that a remount (React's StrictMode, a quick back and forth) shares the request.
    staleTime: 0,
    gcTime: 60_000,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
  });

  // Each answer once, and only a fresh one (not what an earlier page left while this one asks again); a
  // language switch (a new apply) must not put an old answer back over the person's changes.
  const loaded = loadQuery.data;
  const loadedAt = loadQuery.dataUpdatedAt;
  const fetching = loadQuery.isFetching;
  const appliedAt = useRef(0);
  useEffect(() => {
    if (loaded && !fetching && loadedAt !== appliedAt.current) {
      appliedAt.current = loadedAt;
      rememberFamily(docType, loaded.form.schema?.family ?? '');
      apply(loaded);
    }
  }, [loaded, loadedAt, fetching, apply, docType]);

  const { refetch } = loadQuery;
  const reload = useCallback(async () => {
    if (businessId) await refetch();
  }, [businessId, refetch]);

  return { registry, loadQuery, reload };
}
