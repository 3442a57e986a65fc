import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAdminPlan, TBillingSettings, TCreatePlanBody, TPrepaidBatch, TPrepaidCode } from '@rostrum/contract';
import { LEDGER_PAGE, queryKeys } from '../../api/rostrum-api';
import { operations } from '../../api/operations.gen';
import { errorMessage } from '../../api/http-client';
import { isRefusal } from './admin-refusal';

type TCallbacks<T = void> = { onSuccess: (saved: T) => void; onError: (e: Error) => void };

/** The server's reason for a refused billing change ('' without one); null: the generic message. */
export function billingErrorMessage(e: Error): string | null {
  return isRefusal(e) ? errorMessage(e, '') : null;
}

export function useAdminPlans() {
  return useQuery({ queryKey: queryKeys.adminPlans, queryFn: () => operations.listPlans() });
}

const replacePlan = (list: TAdminPlan[] | undefined, saved: TAdminPlan) => list?.map((p) => (p.planId === saved.planId ? saved : p));

/** Archives a plan or offers it again; the list shows it at once, then reloads. */
export function useSetPlanArchived(on: TCallbacks<TAdminPlan>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ plan, archived }: { plan: TAdminPlan; archived: boolean }) =>
      operations.updatePlan({ params: { path: { planId: plan.planId } }, body: { archived } }),
    onSuccess: (saved) => {
      queryClient.setQueryData<TAdminPlan[]>(queryKeys.adminPlans, (list) => replacePlan(list, saved));
      void queryClient.invalidateQueries({ queryKey: queryKeys.adminPlans });
      on.onSuccess(saved);
    },
    onError: on.onError,
  });
}

/** Adds a plan (`plan` null) or saves its edit; the list shows it at once, then reloads. */
export function useSavePlan(plan: TAdminPlan | null, on: TCallbacks<TAdminPlan>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreatePlanBody) =>
      plan ? operations.updatePlan({ params: { path: { planId: plan.planId } }, body: body }) : operations.createPlan({ body: body }),
    onSuccess: (saved) => {
      queryClient.setQueryData<TAdminPlan[]>(queryKeys.adminPlans, (list) =>
        list ? (plan ? replacePlan(list, saved) : [...list, saved]) : list,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.adminPlans });
      on.onSuccess(saved);
    },
    onError: on.onError,
  });
}

export function usePrepaidCodes() {
  return useQuery({ queryKey: queryKeys.prepaidCodes, queryFn: () => operations.listPrepaidCodes() });
}

export function useGeneratePrepaidCodes(on: TCallbacks<TPrepaidBatch>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { planId: string; groupId: string; count: number }) =>
      operations.generatePrepaidCodes({
        params: { path: { planId: v.planId } },
        body: { count: v.count, ...(v.groupId ? { groupId: v.groupId } : {}) },
      }),
    onSuccess: (b) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.prepaidCodes });
      on.onSuccess(b);
    },
    onError: on.onError,
  });
}

/** Voids a code: shown voided at once; the list reloads either way (a refusal may mean it was redeemed meanwhile). */
export function useVoidPrepaidCode(on: TCallbacks) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (codeId: string) => operations.voidPrepaidCode({ params: { path: { codeId: codeId } } }),
    onSuccess: ({ voidedDate }, codeId) => {
      queryClient.setQueryData<TPrepaidCode[]>(queryKeys.prepaidCodes, (list) =>
        list?.map((c) => (c.codeId === codeId ? { ...c, status: 'voided', voidedDate, abilities: { canVoid: false } } : c)),
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.prepaidCodes });
      on.onSuccess();
    },
    onError: (e) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.prepaidCodes });
      on.onError(e);
    },
  });
}

/** The ledger, newest first, a page of LEDGER_PAGE rows at a time (the next page starts before the last row). */
export function useLedger() {
  return useInfiniteQuery({
    queryKey: queryKeys.ledger,
    queryFn: ({ pageParam }) => operations.listLedger({ params: { query: { before: pageParam, limit: LEDGER_PAGE } } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.length === LEDGER_PAGE ? last[last.length - 1]?.createdDate : undefined),
  });
}

export function useBillingSettings() {
  return useQuery({ queryKey: queryKeys.billingSettings, queryFn: () => operations.getBillingSettings() });
}

export function useUpdateBillingSettings(on: TCallbacks<TBillingSettings>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (couponOnly: boolean) => operations.updateBillingSettings({ body: { couponOnly } }),
    onSuccess: (saved) => {
      queryClient.setQueryData<TBillingSettings>(queryKeys.billingSettings, saved);
      on.onSuccess(saved);
    },
    onError: on.onError,
  });
}
