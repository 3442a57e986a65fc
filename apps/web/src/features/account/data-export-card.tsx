import { type ReactNode, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { DATA_EXPORT_LINK_DAYS, isDataExportRunning, type TDataExport } from '@rostrum/contract';
import { errorMessage } from '../../api/http-client';
import { operations } from '../../api/operations.gen';
import { queryKeys } from '../../api/rostrum-api';
import { Banner } from '../../components/banner';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { formatDate } from '../../components/date-format';
import { Spinner } from '../../components/spinner';
import { notifications } from '../../app/notification-store';
import { saveBlob } from '../assignment-report/download-report';
import './data-export-card.css';

// "Your data" on /profile (issue 42 item 7): ask for a zip of everything Rostrum keeps about you,
// watch it being made, download it for DATA_EXPORT_LINK_DAYS days. While an export is on its way
// the card asks again every few seconds; the email and the bell tell the person too.

/** Under GET me's key: invalidating the user also refreshes the export. */
export const DATA_EXPORT_KEY = [...queryKeys.me, 'data-export'] as const;
/** How often the card asks while an export is queued or building. */
export const DATA_EXPORT_POLL_MS = 3000;

/** "12.4 MB": the zip's size as a person reads it. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/** The words for an export on its way. */
export function progressText(e: TDataExport): string {
  if (e.state === 'queued') return 'Your export is waiting to start.';
  const p = e.progress;
  if (!p || p.total === 0) return 'Gathering your data...';
  return `Packing your recordings: ${p.done} of ${p.total}.`;
}

function useDataExport(pollMs: number) {
  return useQuery({
    queryKey: DATA_EXPORT_KEY,
    queryFn: () => operations.getDataExport(),
    refetchInterval: (q) => (q.state.data && isDataExportRunning(q.state.data.state) ? pollMs : false),
  });
}

function useRequestDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => operations.requestDataExport(),
    onSuccess: (started) => {
      queryClient.setQueryData(DATA_EXPORT_KEY, started);
      // The user's `dataExport` summary follows.
      void queryClient.invalidateQueries({ queryKey: queryKeys.me, exact: true });
    },
    onError: (e) => notifications.error('Export not started', errorMessage(e, 'Your export could not be started. Please try again.')),
  });
}

/** `pollMs`: how often to ask while an export is on its way (tests shorten it). */
export function DataExportCard({ pollMs = DATA_EXPORT_POLL_MS }: { pollMs?: number }) {
  const current = useDataExport(pollMs);
  const request = useRequestDataExport();
  const [downloading, setDownloading] = useState(false);
  const e = current.data;

  const download = async (exportId: string) => {
    setDownloading(true);
    try {
      const file = await operations.downloadDataExport({ params: { path: { exportId } } });
      saveBlob(file.blob, file.fileName ?? 'rostrum-data.zip');
    } catch (err) {
      notifications.error('Download failed', errorMessage(err, 'Your export could not be downloaded. Please try again.'));
      // An expired one shows as expired.
      void current.refetch();
    } finally {
      setDownloading(false);
    }
  };

  const exportButton = (label: string, variant: 'primary' | 'secondary' = 'primary') => (
    <Button type="button" variant={variant} busy={request.isPending} onClick={() => request.mutate()}>
      {label}
    </Button>
  );

  let body: ReactNode;
  let footer: ReactNode = null;
  if (!e) {
    body = current.isError ? (
      <p className="subtle">Your exports could not be loaded. Please reload the page.</p>
    ) : (
      <Spinner label="Loading" />
    );
  } else if (isDataExportRunning(e.state)) {
    body = (
      <div className="data-export__progress">
        <Spinner label="" />
        <div>
          <p className="data-export__state">{progressText(e)}</p>
          <p className="subtle">We will email you when it is ready. You can leave this page.</p>
        </div>
      </div>
    );
  } else if (e.state === 'ready' && e.exportId) {
    const exportId = e.exportId;
    body = (
      <div className="stack" style={{ gap: 'var(--space-2)' }}>
        <p className="data-export__state">Your export is ready{e.sizeBytes !== null ? ` (${formatBytes(e.sizeBytes)})` : ''}.</p>
        <p className="subtle">You can download it until {formatDate(e.expiresAt)}. After that it is removed.</p>
      </div>
    );
    footer = (
      <div className="data-export__actions">
        <Button type="button" icon={<Download size={16} aria-hidden />} busy={downloading} onClick={() => void download(exportId)}>
          Download your data
        </Button>
        {exportButton('Make a new export', 'secondary')}
      </div>
    );
  } else if (e.state === 'failed') {
    body = (
      <Banner inline kind="error" title="Your export could not be made." text="Please try again. If it keeps failing, contact support." />
    );
    footer = exportButton('Try again');
  } else {
    body =
      e.state === 'expired' ? (
        <p className="subtle">Your last export expired on {formatDate(e.expiresAt)}. You can make a new one at any time.</p>
      ) : null;
    footer = exportButton('Export my data');
  }

  return (
    <Card title="Your data" titleId="your-data-title" footer={footer}>
      <div className="stack data-export">
        <p>
          Download a copy of everything Rostrum keeps about you: your profile, groups, recordings with their results and transcripts,
          feedback and consents, in one zip file. The download works for {DATA_EXPORT_LINK_DAYS} days.
        </p>
        {/* Always present, so each change of the export's state is read out. */}
        <div aria-live="polite">{body}</div>
      </div>
    </Card>
  );
}
