import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { TAssignmentComparison, TComparisonScoreType } from '@rostrum/contract';
import { queryKeys } from '../../api/rostrum-api';
import { call, client } from '../../api/http-client';
import { downloadReport, type TReportKind } from './download-report';

function getAssignmentComparison(assignmentId: string, scoreType: TComparisonScoreType): Promise<TAssignmentComparison> {
  return call('GET', () =>
    client.GET('/api/v1/assignments/{id}/comparison', { params: { path: { id: assignmentId }, query: { scoreType } } }),
  );
}

/** The assignment's recordings of one score type; the last answer stays while another type loads. */
export function useAssignmentComparison(assignmentId: string, scoreType: TComparisonScoreType) {
  return useQuery({
    queryKey: queryKeys.assignmentComparison(assignmentId, scoreType),
    queryFn: () => getAssignmentComparison(assignmentId, scoreType),
    placeholderData: keepPreviousData,
  });
}

/** Fetches and saves the report's CSV (busy meanwhile). */
export function useDownloadReport(kind: TReportKind, id: string) {
  return useMutation({ mutationFn: () => downloadReport(kind, id) });
}
