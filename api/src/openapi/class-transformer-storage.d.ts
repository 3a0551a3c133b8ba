// class-transformer keeps its decorators' metadata in this module and ships no declaration for it.
declare module 'class-transformer/cjs/storage' {
  import type { MetadataStorage } from 'class-transformer/types/MetadataStorage';
  export const defaultMetadataStorage: MetadataStorage;
}
