import { useQuery } from '@tanstack/react-query';
import { editionOf, editionsQuery } from '../api/queries';
import { useSessionMaybe } from './session';

export interface EditionState {
  /** The edition of company (default: the chosen company); '' lets the server pick its default. */
  edition: string;
  /** False until the editions are known (or known to be unavailable). */
  ready: boolean;
  /** The edition of any company. */
  editionFor: (company: string) => string;
  /** The chosen company (X-company). */
  company: string;
}

/**
 * The catalogue edition a company works in (docs/registry.md: a company listed under an
 * edition works in it, others in the default). Document types, their forms and new
 * documents follow the chosen company's edition; a stored document its own company's.
 */
export function useEdition(company?: string): EditionState {
  const session = useSessionMaybe();
  const editions = useQuery({ ...editionsQuery(), enabled: session?.loggedIn ?? true });
  const chosen = session?.company ?? '';
  const editionFor = (c: string) => editionOf(editions.data, c);
  return { edition: editionFor(company || chosen), ready: !editions.isPending || editions.isError, editionFor, company: chosen };
}
