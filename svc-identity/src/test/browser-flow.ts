/**
 * Follows a redirect chain like a browser would (manual redirects, a cookie jar per host), stopping at
 * the first URL for which `isDone` is true. Used to walk the OpenID Connect dance in tests.
 */
export async function followRedirects(
  start: string,
  isDone: (url: URL) => boolean,
  maxHops = 15,
): Promise<URL> {
  const jar = new Map<string, Map<string, string>>();
  let url = new URL(start);
  for (let hop = 0; hop < maxHops; hop++) {
    if (isDone(url)) return url;
    const cookies = jar.get(url.host);
    const res = await fetch(url, {
      redirect: 'manual',
      headers: cookies ? { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {},
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (!pair || eq < 0) continue;
      const hostJar = jar.get(url.host) ?? new Map<string, string>();
      hostJar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
      jar.set(url.host, hostJar);
    }
    const location = res.headers.get('location');
    if (!location)
      throw new Error(
        `redirect chain stopped at ${url.href} with ${res.status}: ${(await res.text()).slice(0, 300)}`,
      );
    url = new URL(location, url);
  }
  throw new Error('too many redirects');
}
