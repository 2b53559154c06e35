/**
 * A head as http-parser-js reports it: `headers` is [name, value, name, value, …]. Its own file
 * because both reading a head's framing (body-framing.ts) and writing heads back (http-heads.ts)
 * use it, and the writer needs the framing.
 */
export interface ParsedHead {
  versionMajor: number;
  versionMinor: number;
  headers: string[];
}
