/** A tiny structured logger; quiet in tests. */
export interface Logger {
  info(message: string, extra?: Record<string, unknown>): void;
  warn(message: string, extra?: unknown): void;
  error(message: string, error?: unknown): void;
}

export function createLogger(level: 'silent' | 'info'): Logger {
  if (level === 'silent') return { info() {}, warn() {}, error() {} };
  const line = (lvl: string, message: string, extra?: unknown) =>
    `${new Date().toISOString()} ${lvl} ${message}${extra === undefined ? '' : ' ' + (extra instanceof Error ? extra.stack : JSON.stringify(extra))}`;
  return {
    info: (m, e) => console.log(line('info', m, e)),
    warn: (m, e) => console.warn(line('warn', m, e)),
    error: (m, e) => console.error(line('error', m, e)),
  };
}
