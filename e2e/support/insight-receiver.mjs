// A stand-in for the page-view insight service (SPEC §7) for the journeys: it keeps what it receives and says it
// at GET /received. Started by playwright.config.ts beside the app; the app's INSIGHT_URL points here.
import http from 'node:http';

const port = Number(process.argv[2]);
const received = [];

http
  .createServer((request, response) => {
    if (request.method === 'POST' && request.url === '/collect') {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        received.push({ body, contentType: request.headers['content-type'] ?? null });
        response.writeHead(204).end();
      });
      return;
    }
    if (request.method === 'GET' && request.url === '/received') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(received));
      return;
    }
    if (request.url === '/health') {
      response.writeHead(200).end('ok');
      return;
    }
    response.writeHead(404).end();
  })
  .listen(port, '127.0.0.1');
