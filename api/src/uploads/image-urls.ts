/** Widths every uploaded image is re-encoded to (WebP). */
export const IMAGE_WIDTHS = [320, 640, 1280] as const;

export const renditionName = (key: string, width: number) => `${key}-${width}.webp`;

/** Public URLs for an image key: the largest rendition as imageUrl, all of them as a srcset. */
export function imageUrls(key: string | null | undefined): { imageUrl: string | null; imageSrcSet: string | null } {
  if (!key) return { imageUrl: null, imageSrcSet: null };
  return {
    imageUrl: `/uploads/${renditionName(key, IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1])}`,
    imageSrcSet: IMAGE_WIDTHS.map((w) => `/uploads/${renditionName(key, w)} ${w}w`).join(', '),
  };
}
