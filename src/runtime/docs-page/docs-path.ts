/**
 * Whether the reference page is on and where, apart from the page itself (index.ts), so that
 * `createApp` can tell without loading the page's modules.
 */
export const DEFAULT_DOCS_PATH = '/docs';

/** The docs path, or undefined when the page is off. */
export function resolveDocsPath(option: string | false | undefined, dev: boolean): string | undefined {
  if (option === false) return undefined;
  return option ?? (dev ? DEFAULT_DOCS_PATH : undefined);
}
