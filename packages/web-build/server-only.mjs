// Stands in for `cookie` and `set-cookie-parser` in browser bundles. react-router imports them only for its
// server-side APIs (createCookie, session storage, single-fetch headers), which a single-page app never calls;
// being CommonJS, the real packages stayed in every first load (2.1 KB gzip) although nothing used them.
const serverOnly = (name) => () => {
  throw new Error(`${name} is a server-side react-router helper and is not available in the browser bundle`);
};
export const parse = serverOnly('cookie.parse');
export const serialize = serverOnly('cookie.serialize');
export const splitCookiesString = serverOnly('set-cookie-parser.splitCookiesString');
