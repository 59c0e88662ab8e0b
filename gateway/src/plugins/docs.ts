import { buildOpenApi } from '@dealflow/contracts';
import type { FastifyPluginAsync } from 'fastify';

// A small viewer without a CDN (the CSP allows only this origin's scripts): it lists every operation with
// its summary, parameters, request body and responses as JSON Schema.
const VIEWER_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Deal-flow API</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font:14px/1.45 system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#242424}
h1{font-size:1.5rem}details{border:1px solid #ddd;border-radius:6px;margin:.4rem 0;padding:.4rem .7rem}
summary{cursor:pointer}code.m{display:inline-block;width:4.2rem;font-weight:600}
.GET{color:#0b6a0b}.POST{color:#0f6cbd}.PATCH{color:#8a5b00}.DELETE{color:#b10e1c}
pre{background:#f6f6f6;padding:.6rem;overflow:auto;font-size:12px}h2{font-size:1.1rem;margin-top:1.5rem}
</style></head><body><h1>Deal-flow API</h1>
<p>OpenAPI 3.1 document: <a href="/api/docs">/api/docs</a>. Errors are always <code>{message, details?}</code>.</p>
<div id="root">Loading...</div><script src="/api/docs/ui.js"></script></body></html>`;

const VIEWER_JS = `(async function () {
  var root = document.getElementById('root');
  var doc = await (await fetch('/api/docs')).json();
  var byTag = {};
  Object.keys(doc.paths).forEach(function (path) {
    Object.keys(doc.paths[path]).forEach(function (method) {
      var op = doc.paths[path][method];
      var tag = (op.tags && op.tags[0]) || 'other';
      (byTag[tag] = byTag[tag] || []).push({ path: path, method: method.toUpperCase(), op: op });
    });
  });
  root.textContent = '';
  Object.keys(byTag).sort().forEach(function (tag) {
    var h = document.createElement('h2'); h.textContent = tag; root.appendChild(h);
    byTag[tag].forEach(function (entry) {
      var d = document.createElement('details');
      var s = document.createElement('summary');
      var m = document.createElement('code'); m.className = 'm ' + entry.method; m.textContent = entry.method;
      s.appendChild(m); s.appendChild(document.createTextNode(' ' + entry.path + ' - ' + entry.op.summary));
      d.appendChild(s);
      if (entry.op.description) {
        var p = document.createElement('pre'); p.textContent = entry.op.description; d.appendChild(p);
      }
      var pre = document.createElement('pre');
      pre.textContent = JSON.stringify({ security: entry.op.security, parameters: entry.op.parameters,
        requestBody: entry.op.requestBody, responses: entry.op.responses }, null, 2);
      d.appendChild(pre); root.appendChild(d);
    });
  });
})().catch(function (e) { document.getElementById('root').textContent = 'Could not load the document: ' + e; });`;

/**
 * GET /api/docs (OpenAPI JSON built from the contracts) and GET /api/docs/ui (a readable view of it). The
 * document names this gateway's PUBLIC_URL as its server (and in its curl lines and Terms link).
 */
export const docs: FastifyPluginAsync<{ publicUrl: string }> = async (app, options) => {
  const document = buildOpenApi({ publicUrl: options.publicUrl });
  app.get('/api/docs', async (_request, reply) => reply.header('cache-control', 'no-cache').send(document));
  app.get('/api/docs/ui', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(VIEWER_HTML),
  );
  app.get('/api/docs/ui.js', async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(VIEWER_JS),
  );
};
