// The floor for the API benchmark: a bare node:http server that parses a JSON body and answers
// it back as JSON (GET answers a small JSON object). No framework, validation or storage.
import http from 'node:http';

const port = Number(process.env.PORT ?? 3599);

const server = http.createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    let body = { ok: true, path: request.url };
    if (chunks.length > 0) {
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        response.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"json"}');
        return;
      }
    }
    const json = JSON.stringify(body);
    response.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(json),
    });
    response.end(json);
  });
});
server.keepAliveTimeout = 72_000;
// bench/lib/server.mjs waits for this line: it proves this process has the port.
server.listen(port, '127.0.0.1', () => console.log(`listening at http://127.0.0.1:${port}`));
process.once('SIGTERM', () => server.close(() => process.exit(0)));
