import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { TComparisonScoreType } from '@rostrum/contract';
import { queryKeys } from '../../api/rostrum-api';
import { operations } from '../../api/operations.gen';
import { downloadReport, type TReportKind } from './download-report';

/** The assignment's recordings of one score type; the last answer stays while another type loads. */
export function useAssignmentComparison(assignmentId: string, scoreType: TComparisonScoreType) {
  return useQuery({
    queryKey: queryKeys.assignmentComparison(assignmentId, scoreType),
    queryFn: () => operations.getAssignmentComparison({ params: { path: { id: assignmentId }, query: { scoreType } } }),
    placeholderData: keepPreviousData,
  });
}

/** Fetches and saves the report's CSV (busy meanwhile). */
export function useDownloadReport(kind: TReportKind, id: string) {
  return useMutation({ mutationFn: () => downloadReport(kind, id) });
}
