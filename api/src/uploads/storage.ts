import { access, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where image files live. Local disk here; an S3-compatible bucket can implement the same three calls. */
export interface FileStorage {
  put(name: string, data: Buffer, contentType: string): Promise<void>;
  removeByPrefix(prefix: string): Promise<void>;
  /** Whether a stored file of this name exists. */
  exists(name: string): Promise<boolean>;
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

  async removeByPrefix(prefix: string): Promise<void> {
    if (!/^[a-z0-9-]+$/i.test(prefix)) return;
    const names = await readdir(this.localDir).catch(() => [] as string[]);
    await Promise.all(names.filter((n) => n.startsWith(`${prefix}-`)).map((n) => rm(path.join(this.localDir, n), { force: true })));
  }
}
