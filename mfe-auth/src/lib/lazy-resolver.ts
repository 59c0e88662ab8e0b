import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver whose schema module is fetched on first use. /login keeps zod and the
 * contracts out of its first load (target: < 145 KB gzip with the shell); `preload` starts the fetch
 * early (on the first focus of a field) so the first submit does not wait for it.
 */
export function createLazyResolver<T extends FieldValues>(load: () => Promise<Resolver<T>>) {
  let pending: Promise<Resolver<T>> | undefined;
  const preload = () => (pending ??= load());
  const resolver: Resolver<T> = async (values, context, options) =>
    (await preload())(values, context, options);
  return { resolver, preload };
}
