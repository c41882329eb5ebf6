/**
 * Comparisons between what the decorators recorded and what the analyzer's model says. Any
 * difference means the model was built from other sources: `SVC_ERR_MODEL_STALE`, naming it.
 */
import type { ComponentUseModel, ParamModel, SourceLocation } from '../../model/app-model.js';
import type { ComponentUse, ParamRecord } from '../decorators/metadata.js';
import { SvcError } from '../errors/svc-error.js';

export function staleError(what: string, location?: SourceLocation): SvcError {
  return new SvcError(
    'SVC_ERR_MODEL_STALE',
    `${what}; the app model is out of date: re-run the analyzer (svc build / svc dev)`,
    location ? { file: location.file, line: location.line } : undefined,
  );
}

export function expectSame(
  label: string,
  field: string,
  code: unknown,
  model: unknown,
  at?: SourceLocation,
): void {
  if (JSON.stringify(code) !== JSON.stringify(model)) {
    throw staleError(
      `${label}: ${field} is ${JSON.stringify(code)} in the code but ${JSON.stringify(model)} in the model`,
      at,
    );
  }
}

export function expectSameComponents(
  label: string,
  uses: readonly ComponentUse[],
  models: readonly ComponentUseModel[],
  at?: SourceLocation,
): void {
  expectSame(
    label,
    'the lifecycle components',
    uses.map((use) => use.componentClass.name),
    models.map((use) => use.component),
    at,
  );
}

/** Parameter indexes, sources and explicit keys must agree. */
export function expectSameParams(
  label: string,
  records: readonly ParamRecord[],
  models: readonly ParamModel[],
  at?: SourceLocation,
): void {
  expectSame(
    label,
    'the bound parameters',
    records.map((record) => `${record.index}:${record.source}`),
    models.map((model) => `${model.index}:${model.source}`),
    at,
  );
  for (const record of records) {
    const model = models.find((param) => param.index === record.index);
    if (record.key === undefined || model === undefined) continue;
    expectSame(`${label} parameter ${record.index}`, 'the binding key', record.key, model.key, at);
  }
}
