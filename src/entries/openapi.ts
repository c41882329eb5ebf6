/** `svcjs/openapi`: the analyzer and the OpenAPI writer as a library (the CLI uses it). */
export { buildOpenApiDocument, documentPath } from '../openapi/document.js';
export { writeSpecFiles, documentToJson, documentToYaml, SPEC_DIRECTORY } from '../openapi/write.js';
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
