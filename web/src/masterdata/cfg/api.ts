// The configuration areas that are not master-data types: delegations (proxy
// authorisation, server/delegation_http.go) and the approver configuration
// (server/approver_http.go).
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '../../api/client';

/** A delegation as listed: authorTo may file documents for authorBy while in force. */
export interface Delegation {
  id: number;
  authorBy: string;
  authorTo: string;
  /** "1" in force, "0" withdrawn (the spec's proxy-auth enumeration). */
  authorStatus: string;
  activeFrom: string;
  activeTo: string;
  createBy: string;
  authorByTxt: string;
  authorToTxt: string;
  /** In force today. */
  active: boolean;
}

/** A delegation to save: with id, a change of that one; authorBy empty is the signed-in user. */
export interface DelegationInput {
  id?: number;
  authorBy?: string;
  authorTo: string;
  authorStatus: string;
  activeFrom: string;
  activeTo: string;
}

/** A row of the approver configuration: who approves documents of a company, cost centre, business type and amount range. */
export interface ApproverConfig {
  id: number;
  companyCode: string;
  costCenter: string;
  businessType: string;
  minAmount: number | null;
  maxAmount: number | null;
  task1Approver: string;
  task2Approver: string;
  /** "1" in force, "0" off. */
  status: string;
  updateBy: string;
  updatedAt: string;
  task1ApproverTxt: string;
  task2ApproverTxt: string;
}

export type ApproverConfigInput = Omit<ApproverConfig, 'id' | 'updateBy' | 'updatedAt' | 'task1ApproverTxt' | 'task2ApproverTxt'> & { id?: number };

/** GET /api/galaxyform/proxyAuth/list: the delegations the user gave or received (every one for administrators). */
export const delegationsQuery = (lang: string) =>
  queryOptions({
    queryKey: ['cfg', 'delegations', lang],
    queryFn: ({ signal }) => apiCall<Delegation[]>('GET', '/api/galaxyform/proxyAuth/list', undefined, signal),
    staleTime: 0,
    retry: false,
  });

/** POST /api/galaxyform/proxyAuth/save. */
export const saveDelegation = (input: DelegationInput) => apiCall<Delegation>('POST', '/api/galaxyform/proxyAuth/save', input);

/** GET /api/galaxyform/cfg/approver/list: every row, in force or not. */
export const approverConfigsQuery = (lang: string) =>
  queryOptions({
    queryKey: ['cfg', 'approvers', lang],
    queryFn: ({ signal }) => apiCall<ApproverConfig[]>('GET', '/api/galaxyform/cfg/approver/list', undefined, signal),
    staleTime: 0,
    retry: false,
  });

/** POST /api/galaxyform/cfg/approver/save: adds a row, or with id changes it. */
export const saveApproverConfig = (input: ApproverConfigInput) => apiCall<ApproverConfig>('POST', '/api/galaxyform/cfg/approver/save', input);

/** POST /api/galaxyform/cfg/approver/delete {id}. */
export const deleteApproverConfig = (id: number) => apiCall<{ id: number }>('POST', '/api/galaxyform/cfg/approver/delete', { id });
