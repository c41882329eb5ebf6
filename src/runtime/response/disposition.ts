/**
 * `Content-Disposition` for a download's file name (RFC 6266): the name percent-encoded as UTF-8 in
 * `filename*` (RFC 8187), and an ASCII `filename` for old clients. Nothing of the name reaches the
 * header unescaped, so a name cannot end the header or add one (CR, LF, quotes, `;`).
 */
export type Disposition = 'attachment' | 'inline';

export function contentDisposition(disposition: Disposition, name: string | undefined): string {
  if (name === undefined || name === '') return disposition;
  return `${disposition}; filename="${asciiFallback(name)}"; filename*=UTF-8''${encodeAttribute(name)}`;
}

/** RFC 8187 `attr-char`: letters, digits and ``!#$&+-.^_`|~``; everything else is percent-encoded. */
function encodeAttribute(name: string): string {
  return encodeURIComponent(name).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** Printable ASCII but `"`, `\` and `%` (which some clients decode), each other character `_`. */
function asciiFallback(name: string): string {
  return name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
}
