import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateFeedbackBody, TFeedback, TScorecardResponseBody } from '@rostrum/contract';
import { queryKeys } from '../../api/rostrum-api';
import { operations } from '../../api/operations.gen';
import { withId } from '../../api/http-client';
import { groupOf } from './feedback-ids';

/**
 * The recording's feedback loads again, and the coach's review queue: a comment or score takes the
 * recording out of it, deleting the coach's last one puts it back.
 */
function useReloadFeedback(recordingId: string): () => Promise<void> {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.feedback(recordingId) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.reviewQueue }),
    ]);
  };
}

type TCommentBody = { comment: string; regionStart?: number; regionEnd?: number };

/** Adds a comment; the feedback reloads after `on.onSuccess` (which clears the form). */
export function useAddComment(recordingId: string, groupId: string | null, on: { onSuccess: () => void; onError: (e: Error) => void }) {
  const reload = useReloadFeedback(recordingId);
  return useMutation({
    mutationFn: (body: TCommentBody) => operations.createFeedback({ body: { recordingId, ...groupOf(groupId), ...body } }),
    onSuccess: () => {
      on.onSuccess();
      void reload();
    },
    onError: on.onError,
  });
}

/** Edits a comment; the feedback reloads after `on.onSuccess`. */
export function useUpdateComment(recordingId: string, on: { onSuccess: () => void; onError: (e: Error) => void }) {
  const reload = useReloadFeedback(recordingId);
  return useMutation({
    // The ids are the stored feedback's own: the server refuses any that disagree with its rows.
    mutationFn: (v: { item: TFeedback; comment: string }) =>
      operations.updateFeedback({
        ...withId(v.item.feedbackId),
        // The spec's call carries the ids (001 section 7); the server checks them against its own.
        body: {
          feedbackId: v.item.feedbackId,
          comment: v.comment,
          recordingId: v.item.recordingId,
          ...groupOf(v.item.groupId),
        },
      }),
    onSuccess: () => {
      on.onSuccess();
      void reload();
    },
    onError: on.onError,
  });
}

/** Deletes a comment; the feedback reloads `reloadAfterMs` after `on.onSuccess` (the comment fades meanwhile). */
export function useDeleteComment(recordingId: string, on: { reloadAfterMs: number; onSuccess: (feedbackId: string) => void }) {
  const reload = useReloadFeedback(recordingId);
  return useMutation({
    mutationFn: (feedbackId: string) => operations.deleteFeedback(withId(feedbackId)),
    onSuccess: (_, feedbackId) => {
      on.onSuccess(feedbackId);
      window.setTimeout(() => void reload(), on.reloadAfterMs);
    },
  });
}

/** Deletes the caller's scores; the feedback reloads after `on.onSuccess`. */
export function useDeleteScore(recordingId: string, feedbackId: string, on: { onSuccess: () => void }) {
  const reload = useReloadFeedback(recordingId);
  return useMutation({
    mutationFn: () => operations.deleteFeedback(withId(feedbackId)),
    onSuccess: () => {
      on.onSuccess();
      void reload();
    },
  });
}

type TCoreScores = Pick<TCreateFeedbackBody, 'scoreOverall' | 'scoreOrganization' | 'scoreDelivery' | 'scoreXfactor'>;

/**
 * Saves the caller's scores: the core scores, then a custom scorecard's answers when there are
 * any. The feedback reloads after either callback: a failed second call leaves the core scores saved.
 */
export function useSaveScores(
  recordingId: string,
  groupId: string | null,
  scorecardId: string | null,
  on: { onSuccess: () => void; onError: (e: Error) => void },
) {
  const reload = useReloadFeedback(recordingId);
  return useMutation({
    mutationFn: async (v: { core: TCoreScores; responses: TScorecardResponseBody['responses'] }) => {
      await operations.createFeedback({ body: { recordingId, ...groupOf(groupId), ...v.core } });
      if (scorecardId && v.responses.length)
        await operations.createScorecardResponse({ ...withId(scorecardId), body: { recordingId, scorecardId, responses: v.responses } });
    },
    onSuccess: () => {
      on.onSuccess();
      void reload();
    },
    onError: (e) => {
      on.onError(e);
      void reload();
    },
  });
}
