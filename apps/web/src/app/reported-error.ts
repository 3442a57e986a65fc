import { useEffect } from 'react';
import { reportNotification } from './error-reporting';

/**
 * Reports an error shown inline on a page (the recording errors, 001 section 8) as the error
 * notifications are reported (000 section 8: the text cut to 200 characters): once each time it
 * appears or its text changes. Null reports nothing.
 */
export function useReportedError(title: string, text: string | null): void {
  useEffect(() => {
    if (text !== null) reportNotification(title, text);
  }, [title, text]);
}
