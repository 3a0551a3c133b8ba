export declare const STACK: {
  apiPort: number;
  publicPort: number;
  adminPort: number;
  smtpPort: number;
  dataDir: string;
  mailDir: string;
  adminEmail: string;
  adminPassword: string;
  publicUrl: string;
  adminUrl: string;
  apiUrl: string;
};
