import { useCallback, useEffect, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys, storeChangedRecording } from '../../api/rostrum-api';
import { operations } from '../../api/operations.gen';
import { errorMessage, withId } from '../../api/http-client';
import { notifications } from '../../app/notification-store';

const UNDO_MS = 10_000;

export type TSharingField = 'feedbackRequested' | 'submitted';

/** The notice after a change: [turned on, turned off]. */
export type TSharingTexts = Record<TSharingField, [string, string]>;

export interface TSharingChange {
  recordingId: string;
  field: TSharingField;
  value: boolean;
  undo?: boolean;
}

/**
 * Share with the group and flag for review (001 section 4): each change is saved at once and
 * announced in the notification banner with an Undo action; the notice goes after 10 s, on
 * Undo or on leaving the page. The results page and the manage page both use it.
 */
/** `onSaved` reloads other lists that show the recording (a dashboard's counts, My Library). */
export function useUndoableRecordingUpdate(texts: TSharingTexts, onSaved?: () => void) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const notice = useRef<{ id: number; timer: number } | null>(null);
  // Stable (it only touches a ref), so the effect below drops the notice on unmount only.
  const dropNotice = useCallback(() => {
    if (!notice.current) return;
    window.clearTimeout(notice.current.timer);
    notifications.dismiss(notice.current.id);
    notice.current = null;
  }, []);
  useEffect(() => dropNotice, [dropNotice]);

  const update = useMutation({
    mutationFn: (v: TSharingChange) => operations.updateRecording({ ...withId(v.recordingId), body: { [v.field]: v.value } }),
    onSuccess: (rec, v) => {
      storeChangedRecording(queryClient, rec);
      void queryClient.invalidateQueries({ queryKey: queryKeys.recordings, exact: true });
      onSaved?.();
      setError(null);
      dropNotice();
      if (v.undo) return;
      const id = notifications.show({
        kind: 'success',
        title: texts[v.field][v.value ? 0 : 1],
        action: {
          label: 'Undo',
          onAction: () => {
            dropNotice();
            update.mutate({ ...v, value: !v.value, undo: true });
          },
        },
      });
      notice.current = { id, timer: window.setTimeout(dropNotice, UNDO_MS) };
    },
    onError: (e) => setError(errorMessage(e, 'The change could not be saved. Please try again.')),
  });

  return { change: (v: TSharingChange) => update.mutate(v), pending: update.isPending, error };
}
