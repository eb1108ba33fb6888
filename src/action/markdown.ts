/**
 * Text from a config file in the job summary's Markdown. A pull request writes those files, so a
 * name or a URL in a message must show as the text it is: no emphasis, code, HTML, table cells or
 * images, and no link. GitHub renders summaries with cmark-gfm, whose autolink extension makes links
 * of bare text in three ways, and each is cut here:
 *
 * - `scheme://` (http, https, ftp), found on the raw source when the parser reaches a `:` followed by
 *   `//`. That `:` written as `&colon;` is no `:` to the parser, so no URL autolink can start; the
 *   reader still sees `https://…`, and a quote or underscore after it stays outside, since there is no
 *   link. (`mailto:` and `xmpp:` links need an address, and addresses are cut as below.)
 * - `www.` at the start of a word, found on the raw source at a `w`: the first `w` is written as an
 *   entity, so the parser never sees `www.`.
 * - `name@domain.tld`, found after parsing, on the decoded text, where entities no longer help: an
 *   empty HTML comment right after the `@` splits the text there, and a split text has no address.
 *   The comment renders as nothing.
 *
 * Every other character Markdown or HTML acts on is a named entity. Named, not numeric: were a link
 * ever made, the autolink extension ends it before a trailing `&name;` but swallows the digits of
 * `&#34;` (it strips the `;` alone), which is how `https://…/&#34;` became a link to `…/&`.
 */

/** The named entity of each character Markdown or HTML would act on in a table cell; `~` has no name. */
const ENTITIES: Record<string, string> = {
  '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;', '|': '&verbar;', '\\': '&bsol;', '`': '&grave;',
  '*': '&ast;', '_': '&lowbar;', '[': '&lsqb;', ']': '&rsqb;', '~': '&#126;', '$': '&dollar;',
};

/** Markdown that is already safe: written into a cell as it is. */
export interface Markdown {
  readonly markdown: string;
}

/** Escape text for one table cell: one line, nothing Markdown, HTML or the autolink extension acts on. */
export function escapeCell(value: unknown): string {
  const text = String(value ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
    .replace(/\r?\n|\r|\t|\u2028|\u2029/g, ' ');
  return text
    .replace(/[&<>"'|\\`*_[\]~$]/g, (c) => ENTITIES[c] as string)
    .replace(/:(?=\/\/)/g, '&colon;')
    .replace(/w(?=ww\.)/gi, (w) => `&#${w.charCodeAt(0)};`)
    .replace(/@/g, '&commat;<!-- -->');
}

/** A link whose text is escaped; the URL must be one the summary built itself (see source-link.ts). */
export function markdownLink(text: string, url: string): Markdown {
  return { markdown: `[${escapeCell(text)}](${url})` };
}

export function cellText(cell: unknown): string {
  if (typeof cell === 'object' && cell !== null && 'markdown' in cell) return (cell as Markdown).markdown;
  return escapeCell(cell);
}
