import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { ALLOWED } from './allow-list.js';
import type { TViolation } from './violation.js';

/**
 * What an import graph cannot see, checked on each file's syntax tree (TypeScript's parser, no type
 * information): how routes are registered, what a route calls, where SQL and the connection live, where events
 * are published, and how the front end reaches the API.
 */

const HTTP_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'all']);
const SQL =
  /^\s*(select\s[\s\S]*\bfrom\b|insert\s+into\b|update\s+\S+\s+set\b|delete\s+from\b|with\s+(recursive\s+)?\w+\s+as\s*\()/i;
const HAND_AUTH = new Set([
  'requireSession',
  'requireOwner',
  'requireOrganization',
  'requireActor',
  'internalAuth',
]);
const CONNECTION_METHODS = new Set(['getConnection', 'getKnex', 'execute']);
const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;

const isTest = (file: string) => /\.test\.tsx?$/.test(file) || /(^|\/)(test|testing)\//.test(file);

function walk(root: string, dir: string): string[] {
  const full = path.join(root, dir);
  if (!existsSync(full)) return [];
  return readdirSync(full).flatMap((name) => {
    const rel = `${dir}/${name}`;
    if (name === 'node_modules' || name === 'dist') return [];
    return statSync(path.join(root, rel)).isDirectory() ? walk(root, rel) : /\.tsx?$/.test(name) ? [rel] : [];
  });
}

/** The text of a string-like node (a literal, or a template's head), or null. */
function stringText(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return node.head.text;
  return null;
}

const calleeName = (call: ts.CallExpression) =>
  ts.isPropertyAccessExpression(call.expression)
    ? call.expression.name.text
    : ts.isIdentifier(call.expression)
      ? call.expression.text
      : '';

/** `em`, `request.em`, `this.em`, `deps.em`: an EntityManager by its usual name. */
const isEntityManager = (node: ts.Expression) =>
  (ts.isIdentifier(node) && /^(em|entityManager|fork)$/.test(node.text)) ||
  (ts.isPropertyAccessExpression(node) && /^(em|entityManager)$/.test(node.name.text));

/** The same, plus the transaction's EntityManager (`tx`, `trx`) and a fork's result (`em.fork().find`). */
const isAnyEntityManager = (node: ts.Expression): boolean =>
  isEntityManager(node) ||
  (ts.isIdentifier(node) && /^(tx|trx)$/.test(node.text)) ||
  (ts.isCallExpression(node) &&
    ts.isPropertyAccessExpression(node.expression) &&
    node.expression.name.text === 'fork' &&
    isAnyEntityManager(node.expression.expression));

/**
 * What a use-case or a consumer may call on the EntityManager it was handed: a transaction on it (nested in the
 * caller's, so a consumer's inbox row and the change commit together) and `flush()`, which writes the changes
 * it made to entities its repositories loaded (MikroORM's unit of work: the commit, not a query). Reads and
 * writes go through repositories; an EntityManager of its own (`fork()`, `orm.em`) would leave the caller's
 * transaction.
 */
const EM_CALLS_OUTSIDE_REPOSITORIES = new Set(['transactional', 'flush']);

interface TFileContext {
  file: string;
  service: string | null;
  folder: string;
  frontEnd: boolean;
  report: (node: ts.Node, rule: string, message: string) => void;
}

function checkNode(node: ts.Node, ctx: TFileContext) {
  const { file, service, folder } = ctx;
  const inRoute = service !== null && folder === 'routes';
  if (ts.isCallExpression(node)) {
    const name = calleeName(node);
    const callee = node.expression;
    if (service) {
      // A Fastify route: app.<method>(path, [options,] handler) or app.route({ method, url, handler }).
      if (ts.isPropertyAccessExpression(callee)) {
        const [first] = node.arguments;
        const last = node.arguments[node.arguments.length - 1];
        const handlerLast =
          !!last && (ts.isArrowFunction(last) || ts.isFunctionExpression(last) || ts.isIdentifier(last));
        const pathFirst =
          !!first &&
          (stringText(first) !== null || (ts.isIdentifier(first) && /PATH|URL|path|url/.test(first.text)));
        if (HTTP_METHODS.has(name) && node.arguments.length >= 2 && handlerLast && pathFirst)
          ctx.report(
            node,
            'fastify-route',
            `${name.toUpperCase()} registered on Fastify directly: declare it in the contracts and register it with route()`,
          );
        if (
          name === 'route' &&
          first &&
          ts.isObjectLiteralExpression(first) &&
          first.properties.some(
            (p) => p.name && ts.isIdentifier(p.name) && /^(url|method)$/.test(p.name.text),
          )
        )
          ctx.report(
            node,
            'fastify-route',
            'app.route({ url }) registered on Fastify directly: declare it in the contracts and register it with route()',
          );
      }
      if (inRoute && ts.isPropertyAccessExpression(callee) && isEntityManager(callee.expression))
        ctx.report(
          node,
          'orm-in-route',
          `${callee.getText()}() in a route: the use-case reads and writes through its repositories`,
        );
      const inUseCase = folder === 'use-cases' || folder === 'events';
      if (inUseCase && ts.isPropertyAccessExpression(callee) && isAnyEntityManager(callee.expression)) {
        if (name === 'fork')
          ctx.report(
            node,
            'fork-in-use-case',
            `${callee.getText()}() in ${folder}/: the caller's EntityManager (request.em, the consumer's em) is the one to use`,
          );
        else if (!EM_CALLS_OUTSIDE_REPOSITORIES.has(name))
          ctx.report(
            node,
            'orm-outside-repositories',
            `${callee.getText()}() in ${folder}/: ORM calls live in repositories/<entity>.repository.ts`,
          );
      }
      if (inRoute && HAND_AUTH.has(name))
        ctx.report(node, 'auth-in-route', `${name}() in a route: the contract's auth is enforced by route()`);
      if (name === 'raw' && ts.isPropertyAccessExpression(callee)) {
        const receiver = callee.expression;
        if (
          (ts.isCallExpression(receiver) && calleeName(receiver) === 'getKnex') ||
          /knex$/i.test(receiver.getText())
        )
          ctx.report(
            node,
            'knex-raw',
            'getKnex().raw(...): hand-written SQL goes in a .queries.ts file, through the ORM connection',
          );
      }
      if (
        CONNECTION_METHODS.has(name) &&
        ts.isPropertyAccessExpression(callee) &&
        (name !== 'execute' || /getConnection\(\)$|\bconnection$|\bem$/.test(callee.expression.getText())) &&
        folder !== 'repositories' &&
        folder !== 'migrations'
      )
        ctx.report(
          node,
          'connection-in-repositories',
          `${name}() outside repositories/: only repositories reach the connection`,
        );
      if (
        name === 'publishEvent' &&
        file !== `${service}/src/repositories/${service.replace(/^svc-/, '')}.events.ts`
      )
        ctx.report(
          node,
          'publish-through-events-file',
          `publishEvent() outside repositories/${service.replace(/^svc-/, '')}.events.ts`,
        );
      if (
        name === 'defineConsumer' &&
        (folder !== 'events' ||
          !KEBAB.test(path.basename(file).replace(/\.ts$/, '')) ||
          file.split('/').length !== 4)
      )
        ctx.report(node, 'consumer-location', 'a consumer lives in events/<verb-noun>.ts');
    }
    if (ctx.frontEnd && name === 'fetch') {
      const global = ts.isIdentifier(callee) || /^(window|globalThis|self)\.fetch$/.test(callee.getText());
      if (global && file !== 'packages/web-kit/src/api/request.ts')
        ctx.report(
          node,
          'fetch-outside-transport',
          "fetch() outside web-kit's transport: call the typed client (@dealflow/contracts/client)",
        );
    }
  }
  if (inRoute && ts.isBinaryExpression(node)) {
    const op = node.operatorToken.kind;
    const equality =
      op === ts.SyntaxKind.EqualsEqualsEqualsToken ||
      op === ts.SyntaxKind.ExclamationEqualsEqualsToken ||
      op === ts.SyntaxKind.EqualsEqualsToken ||
      op === ts.SyntaxKind.ExclamationEqualsToken;
    const isRole = (side: ts.Expression) =>
      (ts.isIdentifier(side) && side.text === 'role') ||
      (ts.isPropertyAccessExpression(side) && side.name.text === 'role');
    if (equality && (isRole(node.left) || isRole(node.right)))
      ctx.report(
        node,
        'role-in-route',
        `${node.getText()}: a route compares no roles (the contract's auth: member, owner)`,
      );
  }
  const text = stringText(node);
  if (text !== null) {
    if (service && !file.endsWith('.queries.ts') && folder !== 'migrations' && SQL.test(text))
      ctx.report(node, 'sql-outside-queries', 'SQL outside a <name>.queries.ts file');
    if (ctx.frontEnd && !file.startsWith('packages/web-kit/') && /^\/api\//.test(text))
      ctx.report(
        node,
        'api-path-string',
        `'${text.slice(0, 40)}': an API path string; call the typed client instead`,
      );
  }
  ts.forEachChild(node, (child) => checkNode(child, ctx));
}

/** The AST rules over the services (svc-*) and the front end (shell, mfe-*, packages/web-kit) of `root`. */
export function checkSource(root: string): TViolation[] {
  const violations: TViolation[] = [];
  const services = readdirSync(root).filter((name) => /^svc-[a-z]+$/.test(name));
  const frontEnd = [
    'shell',
    'packages/web-kit',
    ...readdirSync(root).filter((name) => name.startsWith('mfe-')),
  ];
  const targets = [
    ...services.map((service) => ({ dir: `${service}/src`, service })),
    ...frontEnd.map((dir) => ({ dir: `${dir}/src`, service: null })),
  ];
  for (const { dir, service } of targets) {
    for (const file of walk(root, dir).filter((f) => !isTest(f))) {
      const source = ts.createSourceFile(
        file,
        readFileSync(path.join(root, file), 'utf8'),
        ts.ScriptTarget.Latest,
        true,
        file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
      );
      const folder = file.slice(dir.length + 1).split('/')[0] ?? '';
      const lines = source.text.split('\n');
      const report = (node: ts.Node, rule: string, message: string) => {
        const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
        const lineText = lines[line - 1] ?? '';
        const nodeText = node.getText(source);
        if (
          ALLOWED.some(
            (a) =>
              a.file === file &&
              a.rule === rule &&
              (lineText.includes(a.match) || nodeText.includes(a.match)),
          )
        )
          return;
        violations.push({ file, line, rule, message });
      };
      checkNode(source, { file, service, folder, frontEnd: service === null, report });
      if (service && folder === 'repositories') {
        const base = path.basename(file);
        const events = `${service.replace(/^svc-/, '')}.events.ts`;
        if (!(base === events || /^[a-z0-9-]+\.(repository|queries)\.ts$/.test(base)))
          violations.push({
            file,
            line: 1,
            rule: 'repository-file-name',
            message: `a repository file is <entity>.repository.ts, <name>.queries.ts or ${events}`,
          });
      }
    }
  }
  return violations;
}
