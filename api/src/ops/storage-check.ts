import { IMAGE_KEY_PATTERN } from '../uploads/image.service';
import { referencedImageKeys, type SelectRunner } from '../uploads/image-references';
import { IMAGE_WIDTHS, renditionName } from '../uploads/image-urls';
import type { FileStorage, StoredFile } from '../uploads/storage';

/**
 * POST /api/uploads hands out a key that a form attaches a moment (or an hour) later: until the grace
 * period has passed, an unreferenced upload is young, not an orphan.
 */
export const DEFAULT_GRACE_HOURS = 24;

export interface KeyFiles {
  key: string;
  files: StoredFile[];
  bytes: number;
  /** The newest file's time: the key's age. */
  newest: Date;
}

export interface StorageCheckReport {
  files: number;
  bytes: number;
  /** Keys some event or team member references. */
  referenced: number;
  /** Unreferenced keys older than the grace period. */
  orphans: KeyFiles[];
  /** Unreferenced keys younger than the grace period (probably about to be attached). */
  young: KeyFiles[];
  /** Referenced keys with renditions missing from the storage (broken images). */
  missing: { key: string; names: string[] }[];
  /** Files whose names are not image renditions (<key>-<width>.webp): listed, never removed. */
  unrecognised: StoredFile[];
  /** Keys whose files were removed (with remove). */
  removed: string[];
}

export interface StorageCheckOptions {
  db: SelectRunner;
  storage: FileStorage;
  graceHours?: number;
  now?: Date;
  /** Remove the orphans' files. */
  remove?: boolean;
}

const RENDITION = /^([a-f0-9]{24})-\d+\.webp$/;

/** Lists the uploads storage against the records that reference image keys, and optionally removes orphans. */
export async function checkStorage(options: StorageCheckOptions): Promise<StorageCheckReport> {
  const now = options.now ?? new Date();
  const graceMs = (options.graceHours ?? DEFAULT_GRACE_HOURS) * 3_600_000;
  const files = await options.storage.list();
  const referenced = await referencedImageKeys(options.db);

  const byKey = new Map<string, StoredFile[]>();
  const unrecognised: StoredFile[] = [];
  for (const f of files) {
    const key = RENDITION.exec(f.name)?.[1];
    if (!key) unrecognised.push(f);
    else byKey.set(key, [...(byKey.get(key) ?? []), f]);
  }
  const orphans: KeyFiles[] = [];
  const young: KeyFiles[] = [];
  for (const [key, list] of [...byKey].sort(([a], [b]) => a.localeCompare(b))) {
    if (referenced.has(key)) continue;
    const newest = new Date(Math.max(...list.map((f) => f.modifiedAt.getTime())));
    const entry = { key, files: list, bytes: list.reduce((a, f) => a + f.bytes, 0), newest };
    (now.getTime() - newest.getTime() >= graceMs ? orphans : young).push(entry);
  }
  const present = new Set(files.map((f) => f.name));
  const missing = [...referenced]
    .filter((key) => IMAGE_KEY_PATTERN.test(key))
    .map((key) => ({ key, names: IMAGE_WIDTHS.map((w) => renditionName(key, w)).filter((n) => !present.has(n)) }))
    .filter((m) => m.names.length)
    .sort((a, b) => a.key.localeCompare(b.key));

  const removed: string[] = [];
  if (options.remove && orphans.length) {
    // Asked again just before removing: a record saved since the listing keeps its image.
    const nowReferenced = await referencedImageKeys(options.db, orphans.map((o) => o.key));
    for (const o of orphans) {
      if (nowReferenced.has(o.key)) continue;
      await options.storage.removeByPrefix(o.key);
      removed.push(o.key);
    }
  }
  return { files: files.length, bytes: files.reduce((a, f) => a + f.bytes, 0), referenced: referenced.size, orphans, young, missing, unrecognised, removed };
}
