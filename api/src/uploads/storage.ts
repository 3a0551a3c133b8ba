import { access, mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** A stored file as a listing shows it. */
export interface StoredFile {
  name: string;
  bytes: number;
  modifiedAt: Date;
}

/** Where image files live. Local disk here; an S3-compatible bucket can implement the same calls. */
export interface FileStorage {
  put(name: string, data: Buffer, contentType: string): Promise<void>;
  removeByPrefix(prefix: string): Promise<void>;
  /** Whether a stored file of this name exists. */
  exists(name: string): Promise<boolean>;
  /** Every stored file (storage:check looks for files no record references). */
  list(): Promise<StoredFile[]>;
  /** For local storage: the directory served at /uploads. */
  readonly localDir?: string;
}

export class LocalFileStorage implements FileStorage {
  constructor(readonly localDir: string) {}

  async put(name: string, data: Buffer): Promise<void> {
    if (!/^[a-z0-9-]+\.[a-z0-9]+$/i.test(name)) throw new Error(`Unsafe file name ${name}`);
    await mkdir(this.localDir, { recursive: true });
    await writeFile(path.join(this.localDir, name), data);
  }

  async exists(name: string): Promise<boolean> {
    if (!/^[a-z0-9-]+\.[a-z0-9]+$/i.test(name)) return false;
    return access(path.join(this.localDir, name)).then(() => true, () => false);
  }

  async list(): Promise<StoredFile[]> {
    const entries = await readdir(this.localDir, { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return [];
      throw err;
    });
    const files: StoredFile[] = [];
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const info = await stat(path.join(this.localDir, entry.name)).catch(() => null);
      if (info) files.push({ name: entry.name, bytes: info.size, modifiedAt: info.mtime });
    }
    return files.sort((a, b) => a.name.localeCompare(b.name));
  }

  async removeByPrefix(prefix: string): Promise<void> {
    if (!/^[a-z0-9-]+$/i.test(prefix)) return;
    const names = await readdir(this.localDir).catch(() => [] as string[]);
    await Promise.all(names.filter((n) => n.startsWith(`${prefix}-`)).map((n) => rm(path.join(this.localDir, n), { force: true })));
  }
}
