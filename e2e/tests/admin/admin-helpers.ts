import { deflateSync } from 'node:zlib';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { STACK } from '../../support/stack-config.cjs';

export const admin = (path: string) => `${STACK.adminUrl}${path}`;

/** Signs in through the form and waits for the dashboard. */
export async function signIn(page: Page) {
  await page.goto(admin('/admin/login'));
  await page.getByLabel('Email address').fill(STACK.adminEmail);
  await page.getByLabel('Password').fill(STACK.adminPassword);
  await page.getByRole('button', { name: 'Sign in as Admin' }).click();
  await expect(page.getByRole('heading', { name: 'User Trends' })).toBeVisible();
}

/** Runs one GraphQL operation against the API as the admin. */
export async function adminGql<T = Record<string, unknown>>(request: APIRequestContext, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const login = await request.post(`${STACK.apiUrl}/graphql`, {
    data: { query: 'mutation($i: AdminLoginInput!) { adminLogin(input: $i) { token } }', variables: { i: { email: STACK.adminEmail, password: STACK.adminPassword } } },
  });
  const token = (await login.json()).data.adminLogin.token as string;
  const res = await request.post(`${STACK.apiUrl}/graphql`, { data: { query, variables }, headers: { authorization: `Bearer ${token}` } });
  const body = await res.json();
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data as T;
}

/** A small solid-colour PNG, made here so the tests need no binary fixture. */
export function pngImage(width = 96, height = 64, rgb: [number, number, number] = [30, 90, 200]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}
