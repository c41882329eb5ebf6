/** Names derived from class names: the snake_case base of operation ids and default tags. */

/** `BookReviewsController` → `book_reviews`; `HTTPStatusController` → `http_status`. */
export function controllerBaseName(className: string): string {
  const withoutSuffix =
    className.length > 'Controller'.length ? className.replace(/Controller$/, '') : className;
  return snakeCase(withoutSuffix);
}

export function snakeCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toLowerCase();
}
