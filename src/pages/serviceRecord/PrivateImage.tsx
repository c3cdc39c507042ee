import { useEffect } from 'react';
import { Image, Skeleton } from 'antd';
import { usePrivateImage } from './recordQueries';

/** A photo or signature of a service record, fetched with the session (each view audited by the server). */
export function PrivateImage({ url, alt, width = 160 }: { url: string; alt: string; width?: number }) {
  const { data: src, isError } = usePrivateImage(url);
  // The object URL lives as long as the picture is shown.
  useEffect(() => () => (src ? URL.revokeObjectURL(src) : undefined), [src]);
  if (isError) return <span role="img" aria-label={alt} />;
  if (!src) return <Skeleton.Image active style={{ width, height: (width * 3) / 4 }} />;
  return <Image src={src} alt={alt} width={width} />;
}
