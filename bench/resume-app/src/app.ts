import { App } from 'svcjs';

/** The relay bench/streams-resume.ts measures; retention and Redis come from createApp. */
@App({ prefix: '/api' })
export class ResumeBenchApp {}
