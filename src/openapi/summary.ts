/**
 * The summary of an operation whose handler has no JSDoc: its method name in words
 * (`listBooks` → `List books`, `getHTMLPage` → `Get HTML page`, `find_by_isbn` → `Find by isbn`).
 * Lint tools and documentation pages expect every operation to have one (Redocly's
 * `operation-summary` is an error in its recommended rules); the handler's name is what it does.
 */
const WORD_BREAK = /[_\-\s]+|(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])/;

export function summaryOf(methodName: string): string {
  const words = methodName.split(WORD_BREAK).filter((word) => word !== '');
  return words
    .map((word, index) => {
      // An acronym keeps its capitals; any other word after the first is lower-case.
      const spoken = /^[A-Z0-9]{2,}$/.test(word) ? word : word.toLowerCase();
      return index === 0 ? spoken.charAt(0).toUpperCase() + spoken.slice(1) : spoken;
    })
    .join(' ');
}
