import type { Language } from '../i18n/languages';
import type { Request, Response } from 'express';
import type { AccessLevel, Viewer } from '../common/access';
import type { Services } from '../services';

export interface RestContext {
  req: Request;
  res: Response;
  viewer: Viewer | null;
  services: Services;
  params: Record<string, string>;
  body: Record<string, unknown>;
  ip: string;
  /** The request's language (`?lang=` or Accept-Language, else English): content answers in it. */
  lang: Language;
  /** The uploaded file, on routes that accept one. */
  file?: { buffer: Buffer; fieldname: string; originalname: string; size: number };
}

/** A handler returns the JSON body (200) or a Reply for another status. */
export class Reply {
  constructor(readonly status: number, readonly body: unknown) {}
}
export const created = (body: unknown) => new Reply(201, body);

export interface RouteDef {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  access: AccessLevel;
  /** Multipart routes name the file field(s) they accept. */
  upload?: { fields: string[] };
  handler: (ctx: RestContext) => Promise<unknown>;
}

/** Declares a REST route under /api with the access it requires. */
export function route(method: RouteDef['method'], path: string, access: AccessLevel, handler: RouteDef['handler'], upload?: RouteDef['upload']): RouteDef {
  return { method, path, access, handler, upload };
}
