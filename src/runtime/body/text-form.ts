/**
 * A form body as read off the wire (urlencoded or multipart): text values by name (an array once
 * a name repeats, as in a query string) and, for multipart, the files by name. Null-prototype
 * records: a field named `__proto__` or `constructor` is just a name.
 */
export class TextForm {
  readonly text: Record<string, string | string[]> = Object.create(null) as Record<string, string | string[]>;
  readonly files: Record<string, File[]> = Object.create(null) as Record<string, File[]>;

  addText(name: string, value: string): void {
    const held = this.text[name];
    if (held === undefined) this.text[name] = value;
    else if (typeof held === 'string') this.text[name] = [held, value];
    else held.push(value);
  }

  addFile(name: string, file: File): void {
    (this.files[name] ??= []).push(file);
  }

  static fromSearchParams(params: URLSearchParams): TextForm {
    const form = new TextForm();
    for (const [name, value] of params) form.addText(name, value);
    return form;
  }
}
