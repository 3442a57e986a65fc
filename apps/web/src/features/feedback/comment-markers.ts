import { useEffect } from 'react';
import type { TFeedback } from '@rostrum/contract';
import type { TCommentMarker, WaveformController } from '../../components/waveform/waveform-controller';

/** The tip shows this much of a comment; the full text is in the comment list. */
const TIP_CHARS = 140;

/** Region comments as waveform markers: "Author: comment", cut to a tip's length. */
export function commentMarkers(items: readonly TFeedback[]): TCommentMarker[] {
  return items
    .filter((f) => f.kind === 'comment' && f.regionStart !== null && f.regionEnd !== null)
    .map((f) => {
      const text = (f.comment ?? '').replace(/\s+/g, ' ').trim();
      const cut = text.length > TIP_CHARS ? `${text.slice(0, TIP_CHARS - 1).trimEnd()}…` : text;
      return { id: f.feedbackId, start: f.regionStart!, end: f.regionEnd!, label: `${f.name}: ${cut}` };
    });
}

/** Keeps the waveform's comment markers in step with the feedback the caller may read. */
export function useCommentMarkers(controller: WaveformController | null, items: readonly TFeedback[] | undefined): void {
  const key = JSON.stringify(commentMarkers(items ?? []));
  useEffect(() => {
    controller?.setCommentMarkers(JSON.parse(key) as TCommentMarker[]);
  }, [controller, key]);
}
