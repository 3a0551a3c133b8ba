// The ceiling: a plain node:http server answering fixed bytes, in its own process (like the API), so the
// benchmark client does not share its event loop. Usage: node ceiling.mjs <bodyFile> <contentType>
// Prints the port it listens on.
import { readFileSync } from 'node:fs';
import http from 'node:http';

const body = readFileSync(process.argv[2]);
const contentType = process.argv[3] || 'application/json; charset=utf-8';
const server = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': contentType, 'content-length': body.length });
  res.end(body);
});
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => console.log(String(server.address().port)));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
