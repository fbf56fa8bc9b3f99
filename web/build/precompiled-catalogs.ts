import { readFileSync } from 'node:fs';
import { parse } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';

/**
 * The core catalogs (common/i18n/xx.json), the modules' messages (common/i18n/module-messages/xx.json) and each
 * feature's (web/features/<name>/i18n/xx.json).
 */
const CATALOG =
  /[\\/](common[\\/]i18n([\\/]module-messages)?|web[\\/]features[\\/][\w-]+[\\/]i18n)[\\/][a-z]{2,3}\.json$/;
const PREFIX = '\0catalog-ast:';

/**
 * The interface catalogs reach the browser already parsed (decision 068): each ICU message of common/i18n/*.json
 * becomes intl-messageformat's syntax tree at build time, and the browser bundle takes the package's parser-free
 * build (@formatjs/icu-messageformat-parser/no-parser), 6.6 kB of brotli less on every page. A message that does
 * not parse fails the build. The server and the tests parse the same JSON at run time.
 */
export function precompiledCatalogs(): Plugin {
  return {
    name: 'gurukul-precompiled-catalogs',
    enforce: 'pre',
    config: () => ({
      resolve: {
        alias: [
          {
            find: /^@formatjs\/icu-messageformat-parser$/,
            replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
          },
        ],
      },
    }),
    async resolveId(source, importer, options) {
      if (!source.endsWith('.json') || !importer) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      // Not ending in .json, so Vite's own JSON plugin leaves the module to this one.
      return resolved && CATALOG.test(resolved.id) ? `${PREFIX}${resolved.id}.js` : null;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const file = id.slice(PREFIX.length, -'.js'.length);
      this.addWatchFile(file);
      const messages = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      const trees = Object.fromEntries(
        Object.entries(messages).map(([key, message]) => {
          try {
            return [key, parse(message)];
          } catch (error) {
            throw new Error(`${file}: the message ${key} is not valid ICU: ${(error as Error).message}`);
          }
        }),
      );
      return `export default ${JSON.stringify(trees)};`;
    },
  };
}
