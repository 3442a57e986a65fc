import { useEffect, useMemo, useState } from 'react';
import { toVtt, type TResults } from '@rostrum/contract';

/**
 * The take's transcript as a captions track for its video (WCAG 1.2.2): the same WebVTT cues as
 * the transcript download, made from the results the page already has, offered as an object URL.
 */
export function useVideoCaptions(results: TResults | null, enabled: boolean): string | null {
  const vtt = useMemo(() => (enabled && results ? toVtt(results) : null), [results, enabled]);
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!vtt) return;
    const next = URL.createObjectURL(new Blob([vtt], { type: 'text/vtt' }));
    setUrl(next);
    return () => {
      URL.revokeObjectURL(next);
      setUrl(null);
    };
  }, [vtt]);
  return url;
}
