/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_GRAPHQL_URL?: string;
  readonly VITE_API_URL?: string;
  readonly VITE_PUBLIC_ORIGIN?: string;
}
