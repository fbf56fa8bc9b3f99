// Someone else's website for the embedded-guru journey (e2e/embed-guru.spec.ts): GET /page?code=<html> answers a
// page with that code pasted into it, as a teacher pastes the embed snippet. It listens on two ports, so the
// journey has a registered origin and one that is not.
import http from 'node:http';

const ports = process.argv.slice(2).map(Number);

const page = (code) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sunrise School</title></head>
<body style="font-family:sans-serif"><h1>Sunrise School</h1><p>Welcome to our school's website.</p>
${code}
</body></html>`;

for (const port of ports) {
  http
    .createServer((request, response) => {
      const url = new URL(request.url ?? '/', `http://127.0.0.1:${port}`);
      if (url.pathname === '/health') return response.writeHead(200).end('ok');
      if (url.pathname === '/page')
        return response
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end(page(url.searchParams.get('code') ?? ''));
      response.writeHead(404).end();
    })
    .listen(port, '127.0.0.1');
}
