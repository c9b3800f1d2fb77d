/**
 * Text for XML 1.0 documents (the IMS CC manifest and QTI assessments) and the HTML pages beside
 * them. The API refuses control characters in what it stores, but text stored before it did, or
 * written to the database some other way, may hold any: each export must still be well-formed.
 */

/**
 * Characters XML 1.0 cannot carry, even escaped: the C0 controls but tab, line feed and carriage
 * return, lone surrogate halves, and U+FFFE/U+FFFF; and DEL (U+007F), which it allows but
 * discourages and the API refuses like the C0 controls. Removed: they are invisible, and a
 * package that one of them makes unreadable is worse than a title without it.
 */
const NOT_XML = /[^\t\n\r\u0020-\u007E\u0080-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** The text without those characters; everything else (emoji, RTL marks) as is. */
export function xmlSafe(text: string): string {
  return text.replace(NOT_XML, '');
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/**
 * Text for an element or a double- or single-quoted attribute. `>` is escaped too, so `]]>` never
 * appears in the output.
 */
export function xml(text: string): string {
  return xmlSafe(text).replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}
