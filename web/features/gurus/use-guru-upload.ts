import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { GuruDetail } from '../../../common/contracts/gurus';
import { uploadWithProgress } from '../../app/api';
import { toast } from '../../app/toast';
import { guruKeys } from './api';
import { useT } from './i18n';

/** Uploads one file for the guru with progress and puts the answer in the cache. */
export function useGuruUpload(guruId: string, path: 'avatar-image' | 'avatar-glb' | 'introduction-video') {
  const queryClient = useQueryClient();
  const t = useT();
  const [progress, setProgress] = useState<number | null>(null);
  const upload = async (file: File | null, maxBytes: number, done: string) => {
    if (!file) return;
    if (file.size > maxBytes) {
      toast('warning', t('gurus.upload.tooLarge', { mb: Math.round(maxBytes / 1024 / 1024) }));
      return;
    }
    const form = new FormData();
    form.append('file', file);
    setProgress(0);
    try {
      const updated = await uploadWithProgress<GuruDetail>(`/gurus/${guruId}/${path}`, form, setProgress);
      queryClient.setQueryData(guruKeys.one(guruId), updated);
      void queryClient.invalidateQueries({ queryKey: guruKeys.list });
      toast('success', done);
    } catch (error) {
      toast('danger', error instanceof Error ? error.message : t('gurus.upload.failed'));
    } finally {
      setProgress(null);
    }
  };
  return { progress, upload };
}
