import { useQuery } from '@tanstack/react-query';
import type { TLegalDocument } from '@rostrum/contract';
import { queryKeys } from '../../api/rostrum-api';
import { operations } from '../../api/operations.gen';

/** The Terms of Use or the Privacy Policy, kept five minutes (the operator rarely changes them). */
export function useLegalText(document: TLegalDocument) {
  return useQuery({
    queryKey: queryKeys.legal(document),
    queryFn: () => (document === 'terms' ? operations.getLegalTerms() : operations.getLegalPrivacy()),
    staleTime: 300_000,
  });
}
