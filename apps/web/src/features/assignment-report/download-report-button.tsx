import { Download } from 'lucide-react';
import { Button, type ButtonProps } from '../../components/button';
import type { TReportKind } from './download-report';
import { useDownloadReport } from './assignment-report.queries';

export interface DownloadReportButtonProps extends Pick<ButtonProps, 'variant' | 'size' | 'className'> {
  kind: TReportKind;
  /** The assignment's or the group's id. */
  id: string;
  /** What the report is of, for screen readers ("Download Report for Pitch Practice"). */
  name?: string;
}

/**
 * Download Report (002 sections 2.2, 2.5 and 2.6): shown only where the server's abilities say
 * canDownloadReport; busy while the CSV is fetched.
 */
export function DownloadReportButton({ kind, id, name, variant = 'secondary', size, className }: DownloadReportButtonProps) {
  const download = useDownloadReport(kind, id);
  return (
    <Button
      variant={variant}
      size={size}
      className={className}
      icon={<Download size={16} aria-hidden />}
      busy={download.isPending}
      aria-label={name ? `Download Report for ${name}` : undefined}
      onClick={() => download.mutate()}
    >
      Download Report
    </Button>
  );
}
