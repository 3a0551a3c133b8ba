import { useEffect, useState, type ImgHTMLAttributes } from 'react';

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'onError'> & {
  src?: string | null;
  srcSet?: string | null;
  /** Shown when src is missing or fails to load. */
  fallbackSrc: string;
  alt: string;
};

/** An image that swaps to a fallback when its source is missing or broken. */
export function FallbackImage({ src, srcSet, fallbackSrc, sizes, alt, ...rest }: Props) {
  const [failed, setFailed] = useState(false);
  useEffect(() => setFailed(false), [src, srcSet]);
  const useFallback = failed || !src;
  return (
    <img
      {...rest}
      alt={alt}
      src={useFallback ? fallbackSrc : src}
      srcSet={useFallback ? undefined : (srcSet ?? undefined)}
      sizes={useFallback || !srcSet ? undefined : sizes}
      onError={() => {
        if (!useFallback) setFailed(true);
      }}
      data-fallback={useFallback ? 'true' : undefined}
    />
  );
}
