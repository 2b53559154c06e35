import { isJsonObject } from './conf-file';

export type StoredJson =
  | { readonly ok: true; readonly value: Record<string, unknown> }
  | { readonly ok: false; readonly problem: string };

/** Decodes a stored file's bytes into its top-level JSON object, or says plainly why not. */
export function parseStoredJson(bytes: Uint8Array, what: string): StoredJson {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return { ok: false, problem: `The ${what} file was not readable text (invalid UTF-8).` };
  }
  if (text.trim() === '') return { ok: false, problem: `The ${what} file was empty.` };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, problem: `The ${what} file was not valid JSON.` };
  }
  if (!isJsonObject(value)) {
    return { ok: false, problem: `The ${what} file did not hold a JSON object.` };
  }
  return { ok: true, value };
}
