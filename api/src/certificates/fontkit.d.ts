// fontkit (pdfkit's font engine) ships no types; the certificate uses create() only, and hands the font to pdfkit.
declare module 'fontkit' {
  export interface Font {
    layout(text: string): unknown;
  }
  export function create(data: Buffer | Uint8Array, postscriptName?: string): Font;
}
