import { useEffect, useState } from 'react';
import { useLogoPaths } from '../user-info';

function loadImage(url: string | null): Promise<void> {
  if (!url) return Promise.resolve();
  return new Promise((resolve) => {
    const image = new Image();
    image.onload = () => resolve();
    image.onerror = () => resolve();
    image.src = url;
  });
}

/** True once the logo and profile image have loaded or failed, or the logo call failed (SPEC §4). */
export function useImagesReady(userId: string | undefined): boolean {
  const logo = useLogoPaths(userId);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (logo.isError) {
      setReady(true);
      return;
    }
    if (!logo.data) return;
    let cancelled = false;
    void Promise.all([loadImage(logo.data.brandLogo), loadImage(logo.data.profileImage)]).then(() => {
      if (!cancelled) setReady(true);
    });
    return () => {
      cancelled = true;
    };
  }, [logo.data, logo.isError]);
  return ready || !userId;
}
