/** An error svc itself raises at start-up or during analysis, tagged with its catalogue code. */
import type { ErrorCode } from './catalogue.js';

export interface SvcErrorLocation {
  file: string;
  line: number;
}

export class SvcError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly location?: SvcErrorLocation,
  ) {
    super(location ? `${location.file}:${location.line}: ${message} [${code}]` : `${message} [${code}]`);
    this.name = 'SvcError';
  }
}
