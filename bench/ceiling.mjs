// The ceiling: a plain node:http server answering fixed bytes, in its own process (like the API), so the
// benchmark client does not share its event loop. Usage: node ceiling.mjs <bodyFile> <contentType> [headersFile]
// where headersFile holds a JSON list [name, value, name, value, ...] of the headers to send (all of them,
// Content-Length included; without it: Content-Type and Content-Length). Prints the port it listens on.
import { readFileSync } from 'node:fs';
import http from 'node:http';

const body = readFileSync(process.argv[2]);
const contentType = process.argv[3] || 'application/json; charset=utf-8';
const headers = process.argv[4] ? JSON.parse(readFileSync(process.argv[4], 'utf8')) : { 'content-type': contentType, 'content-length': body.length };
const server = http.createServer((_req, res) => {
  res.writeHead(200, headers);
  res.end(body);
});
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => console.log(String(server.address().port)));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
