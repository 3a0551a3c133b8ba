import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { DataSource } from 'typeorm';
import type { Logger } from '../common/logger';
import { DomainError, validationError } from '../common/errors';
import { referencedImageKeys } from './image-references';
import { IMAGE_WIDTHS, renditionName } from './image-urls';
import type { FileStorage } from './storage';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Refuse decompression bombs: a small file that claims a huge canvas. */
export const MAX_IMAGE_PIXELS = 40_000_000;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);

/** Keys are 12 random bytes in hex. */
export const IMAGE_KEY_PATTERN = /^[a-f0-9]{24}$/;

export const INVALID_IMAGE = 'Please upload a JPEG, PNG or WebP image';

/**
 * Accepts an uploaded image only by what its bytes are (never its name or declared type),
 * re-encodes it to WebP at a few widths under a random name, and stores the renditions.
 */
export class ImageService {
  constructor(
    private readonly storage: FileStorage,
    private readonly logger?: Logger,
  ) {}

  async save(data: Buffer): Promise<string> {
    if (data.length > MAX_IMAGE_BYTES) throw new DomainError('PAYLOAD_TOO_LARGE', 'Image is too large (5 MB at most)');
    let meta: sharp.Metadata;
    try {
      meta = await sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
    } catch {
      throw new DomainError('UNSUPPORTED_MEDIA', INVALID_IMAGE);
    }
    if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) throw new DomainError('UNSUPPORTED_MEDIA', INVALID_IMAGE);
    if (!meta.width || !meta.height || meta.width * meta.height > MAX_IMAGE_PIXELS) {
      throw new DomainError('UNSUPPORTED_MEDIA', 'Image dimensions are too large');
    }
    const key = randomBytes(12).toString('hex');
    try {
      for (const width of IMAGE_WIDTHS) {
        const out = await sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS })
          .rotate()
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: 78 })
          .toBuffer();
        await this.storage.put(renditionName(key, width), out, 'image/webp');
      }
    } catch (err) {
      await this.storage.removeByPrefix(key);
      if (err instanceof DomainError) throw err;
      throw new DomainError('UNSUPPORTED_MEDIA', INVALID_IMAGE);
    }
    return key;
  }

  /** An image key as clients send it (from POST /api/uploads): well-formed, and every rendition stored. */
  async assertUsableKey(key: string): Promise<void> {
    if (!IMAGE_KEY_PATTERN.test(key)) throw validationError('Image key is invalid', { imageKey: 'Image key is invalid' });
    for (const width of IMAGE_WIDTHS) {
      if (!(await this.storage.exists(renditionName(key, width)))) throw validationError('Image not found; upload it again', { imageKey: 'Image not found; upload it again' });
    }
  }

  async remove(key: string): Promise<void> {
    await this.storage.removeByPrefix(key);
  }

  /**
   * Call after a transaction that stopped using these keys has COMMITTED (never inside it: a rollback
   * must find its old image still there). Removes the files of each key that no event or team member
   * references any more; a key another record still uses is kept. Never throws: the write has
   * succeeded, and files left behind by a failure here are what `npm run storage:check` finds.
   */
  async releaseUnused(db: DataSource, keys: readonly (string | null | undefined)[]): Promise<void> {
    const candidates = [...new Set(keys.filter((k): k is string => !!k && IMAGE_KEY_PATTERN.test(k)))];
    if (!candidates.length) return;
    try {
      const stillUsed = await referencedImageKeys(db, candidates);
      for (const key of candidates) if (!stillUsed.has(key)) await this.storage.removeByPrefix(key);
    } catch (err) {
      this.logger?.warn('could not remove the files of an image no longer used (npm run storage:check finds them)', { keys: candidates, reason: (err as Error)?.message });
    }
  }
}
