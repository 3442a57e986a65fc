import { Download } from 'lucide-react';
import { EXPORT_FORMATS, EXPORT_LABELS } from '@rostrum/contract';
import { ActionMenu } from '../../components/action-menu';
import { downloadExport } from './download-export';

/** The results page's Download menu (issue 20): shown when the server's canExport says so. */
export function DownloadMenu({ recordingId }: { recordingId: string }) {
  return (
    <ActionMenu
      label="Download"
      buttonText="Download"
      icon={<Download size={14} aria-hidden />}
      items={EXPORT_FORMATS.map((format) => ({
        key: format,
        label: EXPORT_LABELS[format],
        icon: <Download size={14} aria-hidden />,
        onSelect: () => void downloadExport(recordingId, format),
      }))}
    />
  );
}
