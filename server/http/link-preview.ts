import type { FastifyRequest } from 'fastify';

/**
 * A page the browser draws whose link preview the server still fills in (a certificate's public page, decision
 * 079): WhatsApp, LinkedIn and e-mail previews read the HTML's Open Graph tags and never run the app's script.
 */
export interface LinkPreview {
  title: string;
  description: string;
  /** The page's own path, e.g. /certificate/abc. */
  path: string;
  /** Keep the page out of search results: it is shared deliberately, not to be found by a name search. */
  noindex: boolean;
}

/** What a module answers for an address: a preview, or null for an address that is not its own. */
export type LinkPreviewOf = (request: FastifyRequest) => Promise<LinkPreview | null>;

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);

/** index.html with the preview's title and Open Graph tags in place of the app's own description. */
export function withLinkPreview(template: string, preview: LinkPreview, publicUrl: string): string {
  const url = `${publicUrl.replace(/\/$/, '')}${preview.path}`;
  const meta = [
    `<meta name="description" content="${escapeHtml(preview.description)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="Gurukul" />`,
    `<meta property="og:title" content="${escapeHtml(preview.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(preview.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta name="twitter:card" content="summary" />`,
    ...(preview.noindex ? ['<meta name="robots" content="noindex" />'] : []),
  ].join('\n    ');
  // Replaced through functions: a replacement string would read "$&" in a course's title as a pattern.
  return template
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(preview.title)}</title>`)
    .replace(/<meta name="description" content="[^"]*" ?\/?>/, () => meta);
}
