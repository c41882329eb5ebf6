/** `svcjs/openapi`: the analyzer and the OpenAPI writers as a library (the CLI uses it). */
import type { JsonSchema } from '../model/json-schema.js';
import { documentToJson, documentToYaml } from '../openapi/write.js';

export { buildOpenApiDocument, documentPath } from '../openapi/document.js';
export { buildOpenApi31Document } from '../openapi/v31/document.js';
export { buildOpenApi32Document } from '../openapi/v32/document.js';
export {
  buildOpenApiDocuments,
  documentToJson,
  documentToYaml,
  SPEC_DIRECTORY,
  SPEC_FILE_NAMES,
  writeOpenApiFiles,
  writeSpec31Files,
  writeSpec32Files,
  writeSpecFiles,
  type WrittenSpec,
} from '../openapi/write.js';
/** A model schema as the 3.1 and 3.2 documents write it: JSON Schema 2020-12 without svc's hints. */
export { publicSchema as toSchema2020 } from '../openapi/schemas.js';
/** A 2020-12 schema (as `toSchema2020` gives it) as the 3.0.3 document writes it. */
export { downgradeSchema } from '../openapi/downgrade-30.js';
/** The JSON text and YAML of any of the three documents (one writer; the names say the version). */
export const document31ToJson = documentToJson;
export const document31ToYaml = documentToYaml;
export const document32ToJson = documentToJson;
export const document32ToYaml = documentToYaml;
/** JSON Schema 2020-12: the model's schema type, which the 3.1 and 3.2 documents write. */
export type JsonSchema2020 = JsonSchema;
export type {
  OpenApi31Document,
  OpenApi32Document,
  OpenApi32Operation,
  OpenApi32PathItem,
  OpenApiDocument,
  OpenApiOperation,
  OpenApiParameter,
  OpenApiPathItem,
  OpenApiRequestBody,
  OpenApiResponse,
  OpenApiTag,
  Schema30,
} from '../openapi/types.js';
export { analyzeProject, formatDiagnostic, typeCheckProject } from '../analyzer/index.js';
export type {
  AnalysisPhases,
  AnalyzeOptions,
  AnalysisResult,
  AnalyzerDiagnostic,
} from '../analyzer/index.js';
