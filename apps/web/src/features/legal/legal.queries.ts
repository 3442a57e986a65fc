import { useQuery } from '@tanstack/react-query';
import type { TLegalDocument } from '@rostrum/contract';
import { api, queryKeys } from '../../api/rostrum-api';

/** The Terms of Use or the Privacy Policy, kept five minutes (the operator rarely changes them). */
export function useLegalText(document: TLegalDocument) {
  return useQuery({ queryKey: queryKeys.legal(document), queryFn: () => api.getLegalText(document), staleTime: 300_000 });
}
