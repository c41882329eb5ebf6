/** `svcjs/openapi`: the analyzer and the OpenAPI writer as a library (the CLI uses it). */
export { buildOpenApiDocument, documentPath } from '../openapi/document.js';
export { writeSpecFiles, documentToJson, documentToYaml, SPEC_DIRECTORY } from '../openapi/write.js';
export { buildOpenApi32Document } from '../openapi/v32/document.js';
export type { OpenApi32Document, OpenApi32Operation, OpenApi32PathItem } from '../openapi/v32/document.js';
export { toSchema2020, type JsonSchema2020 } from '../openapi/v32/schema.js';
export { writeSpec32Files, document32ToJson, document32ToYaml } from '../openapi/v32/write.js';
export type {
  OpenApiDocument,
  OpenApiOperation,
  OpenApiParameter,
  OpenApiPathItem,
  OpenApiRequestBody,
  OpenApiResponse,
} from '../openapi/types.js';
export { analyzeProject, formatDiagnostic, typeCheckProject } from '../analyzer/index.js';
export type {
  AnalysisPhases,
  AnalyzeOptions,
  AnalysisResult,
  AnalyzerDiagnostic,
} from '../analyzer/index.js';
