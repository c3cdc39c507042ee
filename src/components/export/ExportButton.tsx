import { useState } from 'react';
import { Button, message } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ResourceName } from '../../../contract/resources';
import type { ListQuery } from '../listPage';
import { downloadExport, type DownloadProgress } from './downloadExport';

const MB = 1024 * 1024;

/** "45%" when the size is known, "1.2 MB" while a streamed file of unknown size arrives. */
function progressText(p: DownloadProgress): string {
  return p.total ? `${Math.floor((p.loaded / p.total) * 100)}%` : `${(p.loaded / MB).toFixed(1)} MB`;
}

/** Downloads what a list shows as a spreadsheet, the button telling how far the download is. */
export function ExportButton({ resource, query }: { resource: ResourceName; query: ListQuery }) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const run = async () => {
    setProgress({ loaded: 0 });
    try {
      const fileName = await downloadExport(resource, query, setProgress);
      void message.success(t('export.done', { fileName }));
    } catch {
      // http.ts has shown why.
    } finally {
      setProgress(null);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={progress !== null} onClick={() => void run()}>
      {progress ? t('export.progress', { progress: progressText(progress) }) : t('export.button')}
    </Button>
  );
}
