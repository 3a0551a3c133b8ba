import { existsSync } from 'node:fs';
import path from 'node:path';
import { Piscina } from 'piscina';
import { renderCertificate, type CertificateInput } from './certificate.pdf';

/** How long an idle render thread is kept before it exits (its fonts and pdfkit go with it). */
const IDLE_MS = 30_000;

/**
 * Draws certificate PDFs off the event loop, in a small pool of worker threads (piscina): a PDF is tens of
 * milliseconds of CPU, so 500 of them drawn on the event loop would hold every request behind them. The
 * threads start on the first PDF, run at a lower priority than the API's thread (nice +10, where the OS
 * allows it; not in the worker process), and exit when idle, so a process that draws none pays nothing. Tasks beyond the threads wait
 * in the pool's queue. `threads: 0` draws on the calling thread (CERTIFICATE_RENDER_THREADS=0).
 */
export class CertificateRenderer {
  private pool: Piscina<CertificateInput, Uint8Array> | null = null;

  /**
   * niceIncrement: how much lower than the process's own thread the drawing threads run (10 in an API
   * process, where they must not slow its answers; 0 in `npm run worker`, which answers nothing and whose
   * drawing otherwise gets a tenth of the CPU a busy machine's other work gets).
   */
  constructor(
    private readonly threads: number,
    private readonly niceIncrement = 10,
  ) {}

  async render(input: CertificateInput): Promise<Buffer> {
    if (this.threads <= 0) return renderCertificate(input);
    const out = await this.poolFor().run(input);
    return Buffer.from(out.buffer, out.byteOffset, out.byteLength);
  }

  /** Waits for the PDFs being drawn, then stops the threads. */
  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = null;
    await pool?.close();
  }

  private poolFor(): Piscina<CertificateInput, Uint8Array> {
    if (!this.pool) {
      // The built API runs the compiled worker; the test suites run the sources, compiled as they load.
      const compiled = path.join(__dirname, 'certificate.render-worker.js');
      const fromSource = !existsSync(compiled);
      this.pool = new Piscina({
        filename: fromSource ? path.join(__dirname, 'certificate.render-worker.ts') : compiled,
        execArgv: fromSource ? ['--require', path.join(__dirname, '../test/ts-require-hook.cjs')] : [],
        minThreads: 0,
        maxThreads: this.threads,
        idleTimeout: IDLE_MS,
        niceIncrement: this.niceIncrement,
      });
    }
    return this.pool;
  }
}
